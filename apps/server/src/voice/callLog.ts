import { and, asc, count, desc, eq, isNull, sql } from 'drizzle-orm';
import {
  defaultSttConfig,
  defaultTtsConfig,
  toolsDefaults,
  type VoiceCall,
  type VoiceCallDetail,
  type CallTokenWire,
  type VoiceCallTurn,
  type VoiceWorkerConfig,
} from '@parley/api-client';
import type { Db } from '../db/client';
import { storageOf } from '../privacy/agentPrivacy';
import { agents, conversations, member, messages, webhookEvents } from '../db/schema';
import { HttpError, notFound } from '../lib/http';
import type { SecretBox } from '../lib/secrets';
import { integrationCredentials } from '../integrations/store';
import { draftAgent, liveAgent, type ServedAgent } from '../runtime/servedAgent';
import { versionOfWire } from '../agents/versions/label';
import { providerKey, providerOf, voiceProviderIntegrations } from './providerKeys';

type AgentRow = typeof agents.$inferSelect;
type ConversationRow = typeof conversations.$inferSelect;

/** What the voice worker needs for a call of this agent (tools state with the spec's defaults). */
export function workerConfigOf(
  agent: AgentRow,
  env: Record<string, string | undefined>,
  orgKeys: Record<string, string | undefined> = {},
): VoiceWorkerConfig {
  // An agent never given a voice or transcriber gets the spec's defaults (§9).
  const tts = agent.ttsConfig ?? defaultTtsConfig;
  const stt = agent.sttConfig ?? defaultSttConfig;
  return {
    agent_name: agent.agentName,
    organization_id: agent.organizationId,
    name: agent.name ?? agent.agentName,
    tts_config: tts,
    stt_config: stt,
    initial_message: agent.initialMessage ?? toolsDefaults.initial_message,
    nudge_text: agent.nudgeText ?? toolsDefaults.nudge_text,
    nudge_interval: agent.nudgeInterval ?? toolsDefaults.nudge_interval,
    max_nudges: agent.maxNudges ?? toolsDefaults.max_nudges,
    typing_volume: agent.typingVolume ?? toolsDefaults.typing_volume,
    max_call_duration: agent.maxCallDuration ?? toolsDefaults.max_call_duration,
    tts_api_key: providerKey(tts, env, orgKeys),
    stt_api_key: providerKey(stt, env, orgKeys),
    disclosure: agent.disclosure?.trim() || null,
    transcription_consent: agent.transcriptionConsent ?? false,
  };
}

/**
 * The organization's Integrations keys for the voice and transcriber providers an agent uses,
 * keyed by integration provider (decrypted for the worker only; never sent to a browser).
 */
export async function orgVoiceKeys(
  db: Db,
  box: SecretBox,
  agent: AgentRow,
): Promise<Record<string, string>> {
  const wanted = [
    providerOf(agent.ttsConfig ?? defaultTtsConfig),
    providerOf(agent.sttConfig ?? defaultSttConfig),
  ].flatMap((p) => (voiceProviderIntegrations[p] ? [voiceProviderIntegrations[p]] : []));
  const keys: Record<string, string> = {};
  for (const integration of new Set(wanted)) {
    const credentials = await integrationCredentials(db, box, agent.organizationId, integration);
    if (credentials?.api_key) keys[integration] = credentials.api_key;
  }
  return keys;
}

/** The namespace of redeemed call-token nonces in webhook_events (each processed once). */
export const callTokenEvents = 'call-token';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Redeems a call token whose signature and expiry were checked: records its nonce (a second
 * redemption, on any server process, is 409) and opens the call to the worker, in one
 * transaction. A phone token names the call its webhook opened, which must still be live and of
 * the token's agent, organization and CallSid; a room or WebSocket token (browser, widget) opens
 * its call now.
 * Answers the call's id. The agent must still be the organization's (else 404).
 */
export async function claimCall(db: Db, claims: CallTokenWire): Promise<string> {
  return db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(webhookEvents)
      .values({
        provider: callTokenEvents,
        eventId: claims.nonce,
        organizationId: claims.organization_id,
        result: { call_id: claims.call_id, transport: claims.transport },
      })
      .onConflictDoNothing()
      .returning({ eventId: webhookEvents.eventId });
    if (!fresh) {
      const message = 'has already been used';
      throw new HttpError(409, `call_token: ${message}`, {
        issues: [{ field: 'call_token', message }],
      });
    }
    const [agent] = await tx
      .select({ agentName: agents.agentName, liveVersion: agents.liveVersion })
      .from(agents)
      .where(
        and(
          eq(agents.agentName, claims.agent_id),
          eq(agents.organizationId, claims.organization_id),
        ),
      )
      .limit(1);
    if (!agent) throw notFound('Agent');
    // The console's test call answers with the draft (unless it asked for the live version); every
    // other call with the live version (an agent never published: its draft).
    const agentVersion = consoleDraftCall(claims.caller)
      ? 'draft'
      : String(agent.liveVersion ?? 'draft');
    if (claims.transport === 'phone') {
      if (!uuidPattern.test(claims.call_id)) throw notFound('Call');
      const [call] = await tx
        .update(conversations)
        .set({
          metadata: sql`${conversations.metadata} || ${JSON.stringify({
            transport: 'phone',
            from: claims.from,
            to: claims.to,
            call_sid: claims.call_sid,
            worker_claimed: true,
          })}::jsonb`,
          agentVersion,
          updatedAt: new Date(),
        })
        .where(
          and(
            eq(conversations.id, claims.call_id),
            eq(conversations.channel, 'voice'),
            eq(conversations.agentName, claims.agent_id),
            eq(conversations.organizationId, claims.organization_id),
            isNull(conversations.endedAt),
            sql`${conversations.metadata}->>'call_sid' = ${claims.call_sid}`,
            sql`coalesce(${conversations.metadata}->>'worker_claimed', 'false') <> 'true'`,
          ),
        )
        .returning({ id: conversations.id });
      if (!call) throw notFound('Call');
      return call.id;
    }
    const [row] = await tx
      .insert(conversations)
      .values({
        agentName: agent.agentName,
        organizationId: claims.organization_id,
        channel: 'voice',
        endUser: claims.caller || claims.room || 'caller',
        agentVersion,
        metadata: {
          transport: claims.transport,
          room: claims.room || null,
          from: null,
          to: null,
          call_sid: null,
          offline_voice: false,
          worker_claimed: true,
        },
      })
      .returning({ id: conversations.id });
    return row!.id;
  });
}

/**
 * A live call the worker has claimed (its token redeemed, not ended) and the agent answering it;
 * anything else (unknown, ended, never claimed, agent gone) is 404.
 */
export async function liveCallAgent(db: Db, id: string): Promise<ServedAgent> {
  if (!uuidPattern.test(id)) throw notFound('Call');
  const [row] = await db
    .select({ agent: agents, agentVersion: conversations.agentVersion })
    .from(conversations)
    .innerJoin(
      agents,
      and(
        eq(agents.agentName, conversations.agentName),
        eq(agents.organizationId, conversations.organizationId),
      ),
    )
    .where(
      and(
        eq(conversations.id, id),
        eq(conversations.channel, 'voice'),
        isNull(conversations.endedAt),
        sql`${conversations.metadata}->>'worker_claimed' = 'true'`,
      ),
    )
    .limit(1);
  if (!row) throw notFound('Call');
  return row.agentVersion === 'draft' ? draftAgent(row.agent) : liveAgent(row.agent);
}

/** The call speaks or listens with the keyless local fallback (the call log's 'offline voice'). */
export async function markOfflineVoice(db: Db, id: string, offline: boolean) {
  await db
    .update(conversations)
    .set({
      metadata: sql`${conversations.metadata} || ${JSON.stringify({ offline_voice: offline })}::jsonb`,
    })
    .where(and(eq(conversations.id, id), eq(conversations.channel, 'voice')));
}

/** A voice conversation by id (any organization: the worker is trusted server-wide), or 404. */
export async function voiceConversation(db: Db, id: string): Promise<ConversationRow> {
  const [row] = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.id, id), eq(conversations.channel, 'voice')))
    .limit(1);
  if (!row) throw notFound('Call');
  return row;
}

/**
 * An agent utterance outside the runtime (initial message, nudge, goodbye), stored as the
 * organization's storage mode says (privacy/storage.ts).
 */
export async function addAgentUtterance(
  db: Db,
  conv: {
    id: string;
    organizationId: string;
    agentName?: string | null;
    agentVersion?: string | null;
  },
  text: string,
  kind: string,
) {
  const conversationId = conv.id;
  const store = await storageOf(db, conv.organizationId, conv.agentName, conv.agentVersion);
  const stored = store(text);
  const [row] = await db
    .insert(messages)
    .values({
      conversationId,
      role: 'assistant',
      content: stored.content,
      direction: 'outbound',
      author: 'agent',
      metadata: { kind, ...stored.metadata },
      // The call's version speaks it (its initial message, nudges).
      agentVersion: sql`(SELECT ${conversations.agentVersion} FROM ${conversations} WHERE ${conversations.id} = ${conversationId})`,
    })
    .returning({ id: messages.id });
  await db
    .update(conversations)
    .set({ updatedAt: new Date() })
    .where(eq(conversations.id, conversationId));
  return row!.id;
}

/** Merges a turn's figures into the answer's metadata; false when the message is not of this call. */
export async function recordTurnMetrics(
  db: Db,
  conversationId: string,
  messageId: string,
  figures: Record<string, number | undefined>,
): Promise<boolean> {
  const clean = Object.fromEntries(Object.entries(figures).filter(([, v]) => v !== undefined));
  const rows = await db
    .update(messages)
    .set({ metadata: sql`${messages.metadata} || ${JSON.stringify(clean)}::jsonb` })
    .where(and(eq(messages.id, messageId), eq(messages.conversationId, conversationId)))
    .returning({ id: messages.id });
  return rows.length > 0;
}

/** Ends the call once: the first end (who, why) wins; later ones change nothing. */
export async function endCall(
  db: Db,
  conversationId: string,
  endedBy: string,
  endReason: string | null,
) {
  const now = new Date();
  await db
    .update(conversations)
    .set({ endedAt: now, endedBy, endReason, updatedAt: now })
    .where(and(eq(conversations.id, conversationId), isNull(conversations.endedAt)));
}

/** Participant identities the token endpoint gives: console calls and widget visitors. */
export const consoleCallerPrefix = 'console-';
export const widgetCallerPrefix = 'visitor-';
/** A console call that asked for the live version instead of the draft (`?version=live`). */
export const consoleLiveCallerPrefix = 'console-live-';

/** A console test call of the draft (not one that asked for the live version). */
export function consoleDraftCall(caller: string): boolean {
  return caller.startsWith(consoleCallerPrefix) && !caller.startsWith(consoleLiveCallerPrefix);
}

/**
 * Where a call came from: a phone, or (LiveKit or the WebSocket stream) the console or the widget
 * by the caller's identity.
 */
export function callSource(transport: unknown, caller: string | null): VoiceCall['source'] {
  if (transport === 'phone') return 'phone';
  if ((transport !== 'livekit' && transport !== 'websocket') || !caller) return null;
  if (caller.startsWith(consoleCallerPrefix)) return 'browser';
  if (caller.startsWith(widgetCallerPrefix)) return 'widget';
  return null;
}

function callToWire(row: ConversationRow, turns: number): VoiceCall {
  const meta = row.metadata ?? {};
  const str = (v: unknown) => (typeof v === 'string' ? v : null);
  return {
    conversation_id: row.id,
    // Calls always have an agent (only message threads on unassigned numbers have none).
    agent_name: row.agentName ?? '',
    organization_id: row.organizationId,
    transport: str(meta.transport),
    source: callSource(meta.transport, row.endUser),
    from: str(meta.from),
    to: str(meta.to),
    started_at: row.createdAt.toISOString(),
    ended_at: row.endedAt?.toISOString() ?? null,
    ended_by: row.endedBy,
    end_reason: row.endReason,
    duration_seconds: row.endedAt
      ? Math.max(0, Math.round((row.endedAt.getTime() - row.createdAt.getTime()) / 1000))
      : null,
    turns,
    offline_voice: meta.offline_voice === true,
    agent_version: versionOfWire(row.agentVersion),
  };
}

/** The agent's calls, newest first (the caller has already been checked against the agent's org). */
export async function listCalls(db: Db, agent: AgentRow, limit = 200): Promise<VoiceCall[]> {
  const turnCount = db
    .select({ conversationId: messages.conversationId, n: count().as('n') })
    .from(messages)
    .groupBy(messages.conversationId)
    .as('turn_count');
  const rows = await db
    .select({ conv: conversations, n: turnCount.n })
    .from(conversations)
    .leftJoin(turnCount, eq(turnCount.conversationId, conversations.id))
    .where(
      and(
        eq(conversations.agentName, agent.agentName),
        eq(conversations.organizationId, agent.organizationId),
        eq(conversations.channel, 'voice'),
      ),
    )
    .orderBy(desc(conversations.createdAt))
    .limit(limit);
  return rows.map((r) => callToWire(r.conv, Number(r.n ?? 0)));
}

/** One call of an organization the user belongs to, with its transcript; else 404. */
export async function callForUser(
  db: Db,
  userId: string,
  conversationId: string,
): Promise<VoiceCallDetail> {
  const [row] = await db
    .select({ conv: conversations })
    .from(conversations)
    .innerJoin(
      member,
      and(eq(member.organizationId, conversations.organizationId), eq(member.userId, userId)),
    )
    .where(and(eq(conversations.id, conversationId), eq(conversations.channel, 'voice')))
    .limit(1);
  if (!row) throw notFound('Call');
  const lines = await db
    .select()
    .from(messages)
    .where(eq(messages.conversationId, conversationId))
    .orderBy(asc(messages.createdAt));
  const num = (v: unknown) => (typeof v === 'number' ? v : null);
  const transcript: VoiceCallTurn[] = lines.map((m) => {
    const meta = m.metadata ?? {};
    return {
      id: m.id,
      speaker: m.role === 'user' ? 'caller' : 'agent',
      text: m.content,
      at: m.createdAt.toISOString(),
      latency_ms: num(meta.latency_ms),
      llm_ttft_ms: num(meta.llm_ttft_ms),
      tts_ttfb_ms: num(meta.tts_ttfb_ms),
      kind: typeof meta.kind === 'string' ? meta.kind : m.role === 'user' ? null : 'answer',
      offline: m.offline,
      error: m.error,
      ...(m.toolSteps?.length ? { tool_steps: m.toolSteps } : {}),
      ...(m.agentVersion ? { agent_version: versionOfWire(m.agentVersion) } : {}),
    };
  });
  return { ...callToWire(row.conv, lines.length), transcript };
}
