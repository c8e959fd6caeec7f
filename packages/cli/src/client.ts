import {
  agentDocumentSchema,
  agentDraftSchema,
  agentVersionsListSchema,
  createAgentServiceClient,
  createAgentTestsClient,
  createHttp,
  joinUrl,
  publishAgentResponseSchema,
  replaceDraftResponseSchema,
  restoreVersionResponseSchema,
  type AgentDocument,
  type FetchLike,
  type PublishAgentRequest,
} from '@parley/api-client';

export interface Connection {
  url: string;
  key: string;
  fetch: FetchLike;
}

/**
 * The calls the CLI makes, each through the contract (packages/api-client): the key goes in
 * `x-api-key` on every call, answers are checked against the schemas.
 */
export function parleyClient({ url, key, fetch }: Connection) {
  const options = (base: string) => ({
    baseUrl: joinUrl(url, base),
    fetch,
    headers: { 'x-api-key': key },
    credentials: 'omit' as const,
  });
  const agents = createAgentServiceClient(options('/api'));
  const tests = createAgentTestsClient(options('/api/agents'));
  const http = createHttp({ ...options('/api'), errorStyle: 'service' });
  const agentPath = (agent: string, rest: string) => `/agents/${encodeURIComponent(agent)}${rest}`;
  return {
    /** The agent's settings as the console reads them (its key and app id for publishing). */
    info: (agent: string) => agents.info(agent),
    exportDocument: (agent: string, version: string) =>
      http('GET', agentPath(agent, '/export'), { query: { version }, schema: agentDocumentSchema }),
    putDraft: (agent: string, document: AgentDocument) =>
      http('PUT', agentPath(agent, '/draft'), {
        json: { document },
        schema: replaceDraftResponseSchema,
      }),
    draft: (agent: string) => http('GET', agentPath(agent, '/draft'), { schema: agentDraftSchema }),
    versions: (agent: string) =>
      http('GET', agentPath(agent, '/versions'), { schema: agentVersionsListSchema }),
    restore: (agent: string, version: number) =>
      http('POST', agentPath(agent, `/versions/${version}/restore`), {
        json: {},
        schema: restoreVersionResponseSchema,
      }),
    publish: (body: PublishAgentRequest) =>
      http('POST', '/publish-agent', { json: body, schema: publishAgentResponseSchema }),
    tests,
  };
}
export type ParleyClient = ReturnType<typeof parleyClient>;
