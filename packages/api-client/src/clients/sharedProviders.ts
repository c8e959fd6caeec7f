import { createHttp, type HttpOptions } from '../http';
import { sharedProvidersSchema } from '../schemas/telephony';

/**
 * The install's shared provider resources as they concern one organization (default base
 * '/api/shared-providers'): which exist, and whether they serve it.
 */
export function createSharedProvidersClient(options: HttpOptions) {
  const http = createHttp(options);
  return {
    get: (org: string, signal?: AbortSignal) =>
      http('GET', `/${encodeURIComponent(org)}`, { schema: sharedProvidersSchema, signal }),
  };
}
export type SharedProvidersClient = ReturnType<typeof createSharedProvidersClient>;
