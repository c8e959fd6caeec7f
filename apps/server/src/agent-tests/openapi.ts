import * as api from '@parley/api-client';
import { op, type Operation } from '../lib/openapiOperation';

/** Agent test suites (issue 30): assembled into the document by openapi.ts. */
// prettier-ignore
export const agentTestOperations: Operation[] = [
  // ---- agent test suites (issue 30) ----
  op('get', '/api/agents/:agentName/tests', "An agent's tests, the 'Tests must pass to publish' setting and the last run", 'Agent tests', 'session', { response: api.agentTestsListSchema }),
  op('post', '/api/agents/:agentName/tests', 'Create a test (user turns with expectations; at most 50 tests per agent and 200 judge checks per run, regex patterns in RE2)', 'Agent tests', 'session', { body: api.agentTestInputSchema, response: api.agentTestSchema }),
  op('put', '/api/agents/:agentName/tests/settings', "Turn 'Tests must pass to publish' on or off", 'Agent tests', 'session', { body: api.testSettingsSchema, response: api.testSettingsSchema }),
  op('post', '/api/agents/:agentName/tests/run', 'Run all tests or the given ids: the finished run, or a long run at once (202, running in the background); 409 with `estimate` and `budget` when its estimated model calls exceed the organization\'s test budget (PARLEY_TEST_RUN_BUDGET)', 'Agent tests', 'session', { body: api.testRunRequestSchema, response: api.testRunSchema }),
  op('get', '/api/agents/:agentName/tests/runs', "The agent's test runs, newest first, with their results", 'Agent tests', 'session', { response: api.testRunsListSchema }),
  op('get', '/api/agents/:agentName/tests/runs/:runId', 'One test run (its progress while running)', 'Agent tests', 'session', { response: api.testRunSchema }),
  op('post', '/api/agents/:agentName/tests/from-conversation', "A test made of a stored conversation's user turns, the agent's answers as judge criteria", 'Agent tests', 'session', { body: api.testFromConversationRequestSchema, response: api.agentTestSchema }),
  op('put', '/api/agents/:agentName/tests/:id', 'Replace a test', 'Agent tests', 'session', { body: api.agentTestInputSchema, response: api.agentTestSchema }),
  op('delete', '/api/agents/:agentName/tests/:id', 'Delete a test', 'Agent tests', 'session'),
];
