import { createHttp, type HttpOptions } from '../http';
import {
  integrationListResponseSchema,
  integrationSchema,
  integrationTestResponseSchema,
  integrationVoicesResponseSchema,
} from '../schemas/telephony';
import { resultSchema } from '../schemas/common';

/**
 * The per-organization integrations store (default base '/api/integrations'): one JSON secret
 * per provider (twilio, openai, elevenlabs, cartesia, deepgram …), answered masked only.
 */
export function createIntegrationsClient(options: HttpOptions) {
  const http = createHttp(options);
  const enc = encodeURIComponent;
  const at = (org: string, provider?: string) =>
    `/organization/${enc(org)}${provider ? `/${enc(provider)}` : ''}`;
  return {
    list: async (org: string) =>
      (await http('GET', at(org), { schema: integrationListResponseSchema })).integrations,
    get: (org: string, provider: string) =>
      http('GET', at(org, provider), { schema: integrationSchema }),
    set: (org: string, provider: string, credentials: Record<string, string>) =>
      http('PUT', at(org, provider), { json: { credentials }, schema: integrationSchema }),
    test: (org: string, provider: string) =>
      http('POST', `${at(org, provider)}/test`, { schema: integrationTestResponseSchema }),
    /** The provider's voices (elevenlabs, cartesia), fetched with the stored key. */
    voices: async (org: string, provider: string) =>
      (
        await http('GET', `${at(org, provider)}/voices`, {
          schema: integrationVoicesResponseSchema,
        })
      ).voices,
    remove: (org: string, provider: string) =>
      http('DELETE', at(org, provider), { schema: resultSchema }),
  };
}
export type IntegrationsClient = ReturnType<typeof createIntegrationsClient>;
