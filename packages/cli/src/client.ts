import {
  agentDocumentSchema,
  agentVersionsResponseSchema,
  createAgentServiceClient,
  createAgentTestsClient,
  createHttp,
  draftChangesResponseSchema,
  draftResultSchema,
  joinUrl,
  publishVersionResponseSchema,
  restoreVersionResponseSchema,
  type AgentDocument,
  type FetchLike,
  type PublishVersionRequest,
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
      http('PUT', agentPath(agent, '/draft'), { json: { document }, schema: draftResultSchema }),
    draft: (agent: string) =>
      http('GET', agentPath(agent, '/draft'), { schema: draftChangesResponseSchema }),
    versions: (agent: string) =>
      http('GET', agentPath(agent, '/versions'), { schema: agentVersionsResponseSchema }),
    restore: (agent: string, version: number) =>
      http('POST', agentPath(agent, `/versions/${version}/restore`), {
        json: {},
        schema: restoreVersionResponseSchema,
      }),
    publish: (body: PublishVersionRequest) =>
      http('POST', '/publish-agent', { json: body, schema: publishVersionResponseSchema }),
    tests,
  };
}
export type ParleyClient = ReturnType<typeof parleyClient>;
