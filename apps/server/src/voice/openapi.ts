import * as api from '@parley/api-client';
import { op, type Operation } from '../lib/openapiOperation';

/** The voice backend and the voice worker's calls (spec channels-and-shell §7): assembled into the document by openapi.ts. */
// prettier-ignore
export const voiceOperations: Operation[] = [
  // ---- /voice: the voice backend (spec channels-and-shell §7) ----
  op('post', '/voice/tokens/generate', 'How to join a call: a LiveKit token that dispatches the voice worker into a new room, or without LiveKit the server’s own WebSocket stream (transport websocket: a single-use url)', 'Voice', 'sessionOrAgentKey', { query: { agent_name: 'Required: the agent', version: "Console calls: draft (default) or live; an agent key's call is the live version" }, response: api.voiceTokenResponseSchema }),
  op('get', '/voice/stream', 'The WebSocket call stream (without LiveKit): a WebSocket upgrade with the token of /voice/tokens/generate (protocol in docs/voice-worker.md); a plain GET answers 426', 'Voice', 'none', { query: { token: 'Required: the token in the url /voice/tokens/generate answered' } }),
  op('get', '/voice/agents/by-org/:org', "An organization's agents, keyed by name", 'Voice', 'session', { response: api.voiceAgentsByOrgResponseSchema }),
  op('get', '/voice/calls/agent/:agentId', "An agent's calls, newest first", 'Voice', 'session', { response: api.voiceCallListResponseSchema }),
  op('get', '/voice/calls/:conversationId', 'One call with its turns', 'Voice', 'session', { response: api.voiceCallDetailSchema }),
  op('post', '/voice/internal/calls', 'The voice worker: a call started', 'Voice worker', 'workerKey', { body: api.voiceCallStartRequestSchema, response: api.voiceCallStartResponseSchema }),
  op('post', '/voice/internal/calls/:id/chat', "The voice worker: the agent's answer to a caller's turn (streamed lines)", 'Voice worker', 'workerKey', { body: api.voiceChatRequestSchema }),
  op('post', '/voice/internal/calls/:id/prepare', "The voice worker: start answering a caller's turn early", 'Voice worker', 'workerKey', { body: api.voiceChatRequestSchema }),
  op('post', '/voice/internal/calls/:id/messages', "The voice worker: a turn of the call's transcript", 'Voice worker', 'workerKey', { body: api.voiceCallMessageRequestSchema }),
  op('post', '/voice/internal/calls/:id/metrics', "The voice worker: a turn's latencies", 'Voice worker', 'workerKey', { body: api.voiceTurnMetricsRequestSchema }),
  op('post', '/voice/internal/calls/:id/end', 'The voice worker: the call ended', 'Voice worker', 'workerKey', { body: api.voiceCallEndRequestSchema }),
  op('post', '/voice/internal/calls/:id/transfer', 'The voice worker: transfer a phone call (transfer_call)', 'Voice worker', 'workerKey', { body: api.voiceCallTransferRequestSchema }),
  // ---- the voice worker's live calls ----
  op('get', '/voice/internal/calls/:id/agent', "The voice worker: the agent of a live call it claimed", 'Voice worker', 'workerKey', { response: api.voiceWorkerConfigSchema }),
  op('post', '/voice/internal/calls/:id/offline-voice', 'The voice worker: the call runs on the offline voice', 'Voice worker', 'workerKey'),
];
