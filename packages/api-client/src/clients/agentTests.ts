import { createHttp, type HttpOptions } from '../http';
import {
  agentTestSchema,
  agentTestsListSchema,
  testRunSchema,
  testRunsListSchema,
  testSettingsSchema,
  type AgentTestInput,
  type TestRunRequest,
} from '../schemas/agentTests';
import { resultSchema } from '../schemas/common';

/** Agent test suites (issue 30), default base '/api/agents'. */
export function createAgentTestsClient(options: HttpOptions) {
  const http = createHttp({ ...options, errorStyle: 'service' });
  const base = (agentName: string) => `/${encodeURIComponent(agentName)}/tests`;
  return {
    list: (agentName: string, signal?: AbortSignal) =>
      http('GET', base(agentName), { schema: agentTestsListSchema, signal }),
    create: (agentName: string, body: AgentTestInput) =>
      http('POST', base(agentName), { json: body, schema: agentTestSchema }),
    update: (agentName: string, id: string, body: AgentTestInput) =>
      http('PUT', `${base(agentName)}/${encodeURIComponent(id)}`, {
        json: body,
        schema: agentTestSchema,
      }),
    remove: (agentName: string, id: string) =>
      http('DELETE', `${base(agentName)}/${encodeURIComponent(id)}`, { schema: resultSchema }),
    /** Runs all tests (or the given ids): the finished run, or a long run at once (queued/running). */
    run: (agentName: string, body: TestRunRequest = {}) =>
      http('POST', `${base(agentName)}/run`, { json: body, schema: testRunSchema }),
    runs: (agentName: string, signal?: AbortSignal) =>
      http('GET', `${base(agentName)}/runs`, { schema: testRunsListSchema, signal }),
    getRun: (agentName: string, runId: string, signal?: AbortSignal) =>
      http('GET', `${base(agentName)}/runs/${encodeURIComponent(runId)}`, {
        schema: testRunSchema,
        signal,
      }),
    saveSettings: (agentName: string, body: { tests_must_pass: boolean }) =>
      http('PUT', `${base(agentName)}/settings`, { json: body, schema: testSettingsSchema }),
    /** A test made of a stored conversation's user turns, the agent's answers as judge criteria. */
    fromConversation: (agentName: string, body: { conversation_id: string; name?: string }) =>
      http('POST', `${base(agentName)}/from-conversation`, { json: body, schema: agentTestSchema }),
  };
}
export type AgentTestsClient = ReturnType<typeof createAgentTestsClient>;
