import { createHttp, type HttpOptions } from '../http';
import {
  webhookAnswerSchema,
  webhookDeliveryAnswerSchema,
  webhookDeliveryListSchema,
  webhookListSchema,
  webhookWithSecretSchema,
  type WebhookCreateRequest,
  type WebhookDeliveriesQuery,
  type WebhookUpdateRequest,
} from '../schemas/webhooks';
import { resultSchema } from '../schemas/common';

/** An organization's webhooks and their delivery logs (default base '/api/org'). */
export function createWebhooksClient(options: HttpOptions) {
  const http = createHttp(options);
  const enc = encodeURIComponent;
  const base = (orgId: string) => `/${enc(orgId)}/webhooks`;
  const one = (orgId: string, id: string) => `${base(orgId)}/${enc(id)}`;
  return {
    list: (orgId: string, signal?: AbortSignal) =>
      http('GET', base(orgId), { schema: webhookListSchema, signal }),
    /** The answer carries the signing secret: shown this once. */
    create: (orgId: string, body: WebhookCreateRequest) =>
      http('POST', base(orgId), { json: body, schema: webhookWithSecretSchema }),
    update: (orgId: string, id: string, body: WebhookUpdateRequest) =>
      http('PUT', one(orgId, id), { json: body, schema: webhookAnswerSchema }),
    remove: (orgId: string, id: string) => http('DELETE', one(orgId, id), { schema: resultSchema }),
    test: (orgId: string, id: string) =>
      http('POST', `${one(orgId, id)}/test`, { json: {}, schema: webhookDeliveryAnswerSchema }),
    /** A new secret (shown this once); the old one keeps signing too for 24 hours. */
    rotateSecret: (orgId: string, id: string) =>
      http('POST', `${one(orgId, id)}/rotate-secret`, {
        json: {},
        schema: webhookWithSecretSchema,
      }),
    deliveries: (
      orgId: string,
      id: string,
      query: WebhookDeliveriesQuery = {},
      signal?: AbortSignal,
    ) =>
      http('GET', `${one(orgId, id)}/deliveries`, {
        query: query as Record<string, string | number | undefined>,
        schema: webhookDeliveryListSchema,
        signal,
      }),
    replay: (orgId: string, id: string, deliveryId: string) =>
      http('POST', `${one(orgId, id)}/deliveries/${enc(deliveryId)}/replay`, {
        json: {},
        schema: webhookDeliveryAnswerSchema,
      }),
  };
}
export type WebhooksClient = ReturnType<typeof createWebhooksClient>;
