import * as api from '@parley/api-client';
import { op, type Operation } from '../../lib/openapiOperation';

/** Drafts, versions and agents as code (docs/versions.md): assembled into the document by openapi.ts. */
// prettier-ignore
export const versionOperations: Operation[] = [
  // ---- drafts, versions and agents as code (docs/versions.md) ----
  op('get', '/api/agents/:agentName/versions', "An agent's published versions (newest first), the live one and whether the draft differs", 'Agent versions', 'session', { response: api.agentVersionsListSchema }),
  op('get', '/api/agents/:agentName/versions/:n', 'One published version: its settings (secrets as ••••), tools and analysis plan', 'Agent versions', 'session', { response: api.agentVersionDetailSchema }),
  op('post', '/api/agents/:agentName/versions/:n/restore', "Make version n's settings live at once, as a new version (no test run)", 'Agent versions', 'session', { body: api.restoreVersionRequestSchema, response: api.restoreVersionResponseSchema }),
  op('get', '/api/agents/:agentName/draft', 'What the draft changes against the live version (secrets as ••••)', 'Agent versions', 'session', { response: api.agentDraftSchema }),
  op('post', '/api/agents/:agentName/draft/discard', 'Reset the draft to the live version', 'Agent versions', 'session', { response: api.discardDraftResponseSchema }),
  op('put', '/api/agents/:agentName/draft', "Replace the agent's draft from an agent document (stored secrets kept where it names them without values)", 'Agent versions', 'session', { body: api.replaceDraftRequestSchema, response: api.replaceDraftResponseSchema }),
  op('get', '/api/agents/:agentName/export', 'The agent as an agent document, with no secret value in it', 'Agent versions', 'session', { query: { version: "draft (default), live or a version number" }, response: api.agentDocumentSchema }),
  op('post', '/api/agents/import', 'A new draft agent of the organization from an agent document', 'Agent versions', 'session', { body: api.importAgentRequestSchema, response: api.importAgentResponseSchema }),
];
