import { createHttp, type HttpOptions } from '../http';
import { systemStatusSchema } from '../schemas/systemStatus';

/** What is configured for an organization (default base '/api/system-status'). */
export function createSystemStatusClient(options: HttpOptions) {
  const http = createHttp(options);
  return {
    get: (org: string, signal?: AbortSignal) =>
      http('GET', `/${encodeURIComponent(org)}`, { schema: systemStatusSchema, signal }),
  };
}
export type SystemStatusClient = ReturnType<typeof createSystemStatusClient>;
