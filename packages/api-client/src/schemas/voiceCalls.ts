import { z } from 'zod';
import { toolStepSchema } from './tools';
import { agentVersionLabelSchema } from './common';

// ---------- call log (issue 14): every call is a conversation with channel 'voice' ----------

/** Who or what ended a call. */
export const callEndedBySchema = z.enum(['caller', 'agent', 'max_duration', 'nudges', 'error']);
export type CallEndedBy = z.infer<typeof callEndedBySchema>;

/**
 * How the caller reached the agent: a LiveKit room (console, widget), a phone media stream, or the
 * server's own WebSocket stream (console, widget, without LiveKit).
 */
export const callTransportSchema = z.enum(['livekit', 'phone', 'websocket']);
export type CallTransport = z.infer<typeof callTransportSchema>;

/** One entry of GET /voice/calls/agent/{agentId} (newest first). */
export const voiceCallSchema = z.object({
  conversation_id: z.string(),
  agent_name: z.string(),
  organization_id: z.string(),
  transport: z.string().nullable(),
  /**
   * Where the caller was: the console's Talk to Agent ('browser'), the voice widget ('widget')
   * or a phone ('phone'); null when the call log cannot tell.
   */
  source: z.enum(['browser', 'widget', 'phone']).nullable(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  started_at: z.string(),
  ended_at: z.string().nullable(),
  ended_by: z.string().nullable(),
  end_reason: z.string().nullable(),
  /** Seconds from start to end; null while the call is still running. */
  duration_seconds: z.number().nullable(),
  /** Caller and agent utterances stored so far. */
  turns: z.number(),
  /** The call used the keyless local voice or transcriber ('offline voice'). */
  offline_voice: z.boolean(),
  /** The agent version that took the call ('draft': the console's test call; null: before versions). */
  agent_version: agentVersionLabelSchema.nullable().optional(),
});
export type VoiceCall = z.infer<typeof voiceCallSchema>;

/** One utterance of a call's transcript, oldest first. */
export const voiceCallTurnSchema = z.object({
  id: z.string(),
  speaker: z.enum(['caller', 'agent']),
  text: z.string(),
  at: z.string(),
  /** End of the caller's speech → the agent's first audio, in ms (agent turns the framework measured). */
  latency_ms: z.number().nullable(),
  /** The model's time to first token and the voice's time to first audio byte, in ms (when measured). */
  llm_ttft_ms: z.number().nullable(),
  tts_ttfb_ms: z.number().nullable(),
  /** What kind of agent utterance: the initial message, a nudge, the goodbye, or a model answer. */
  kind: z.string().nullable(),
  offline: z.boolean(),
  error: z.string().nullable(),
  /** The tools the agent called for this answer, in order (agent answers that called any). */
  tool_steps: z.array(toolStepSchema).optional(),
  /** The agent version that spoke an agent line. */
  agent_version: agentVersionLabelSchema.nullable().optional(),
});
export type VoiceCallTurn = z.infer<typeof voiceCallTurnSchema>;

export const voiceCallListResponseSchema = z.object({ calls: z.array(voiceCallSchema) });
export const voiceCallDetailSchema = voiceCallSchema.extend({
  transcript: z.array(voiceCallTurnSchema),
});
export type VoiceCallDetail = z.infer<typeof voiceCallDetailSchema>;
