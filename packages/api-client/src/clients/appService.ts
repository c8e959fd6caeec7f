import { createHttp, type HttpOptions } from '../http';
import {
  createAppResponseSchema,
  deleteAppResponseSchema,
  getAppByKeyResponseSchema,
  type CreateAppRequest,
} from '../schemas/app';

/** The app service (create/delete the agent's app, look an app up by key), default base '/api/app'. */
export function createAppServiceClient(options: HttpOptions) {
  const http = createHttp({ ...options, errorStyle: 'service' });
  return {
    createAgent: (body: CreateAppRequest) =>
      http('POST', '/create-agent', { json: body, schema: createAppResponseSchema }),
    deleteAgent: (body: { agentName: string; organizationId: string }, signal?: AbortSignal) =>
      http('POST', '/delete-agent', { json: body, schema: deleteAppResponseSchema, signal }),
    getAppByKey: (apiKey: string) =>
      http('POST', '/get-app-by-key', { json: { apiKey }, schema: getAppByKeyResponseSchema }),
  };
}
export type AppServiceClient = ReturnType<typeof createAppServiceClient>;
