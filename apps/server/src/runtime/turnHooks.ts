import type { Context } from 'hono';
import type { Logger } from 'pino';
import type { Db } from '../db/client';
import type { SecretBox } from '../lib/secrets';
import type { CallActions, HandoffAction, ToolContext } from '../tools/context';
import type { ToolRow } from '../tools/store';
import type { AgentRow } from './agentKeys';

/**
 * What a chat turn asks of the rooms after the runtime (they build on it, so the runtime imports
 * none of them): a conversation a member holds or that waits for a person (handoff/heldTurn.ts),
 * the offline responder's handoff and the words that tell the person (handoff/turn.ts), and
 * storing the request for a person a turn made (handoff/record.ts). The app gives them at startup
 * (app.ts `provideTurnHooks`), as it gives the built-in tools their services.
 */
export interface TurnHooks {
  /**
   * `/v1/chat-messages` in a conversation a member holds or that waits for a person: the
   * visitor's message stored and the notice answered; null: the agent answers as usual.
   */
  answerWhileHeld(
    c: Context,
    db: Db,
    agent: AgentRow,
    body: { query: string; user: string; conversation_id?: string; response_mode?: string },
    now?: Date,
  ): Promise<Response | null>;
  /** The offline responder's answer when the message plainly asks for a person, or null. */
  offlineHandoff(
    ctx: ToolContext,
    agent: { talkToPerson: boolean },
    tools: Pick<ToolRow, 'type'>[],
    query: string,
  ): Promise<string | null>;
  /** What the answer still needs once a person was asked for (null: nothing to add). */
  handoffTail(actions: CallActions, answer: string): string | null;
  /** Stores the turn's request for a person (never throws). */
  recordHandoff(
    deps: {
      db: Db;
      secrets: SecretBox;
      env: Record<string, string | undefined>;
      logger: Logger;
      clock?: () => Date;
    },
    conv: {
      conversationId: string;
      organizationId: string;
      agentName: string | null;
      channel: string;
      endUser: string;
    },
    action: Pick<HandoffAction, 'reason' | 'source' | 'inHours' | 'transfer'>,
  ): Promise<unknown>;
}

let provided: TurnHooks | null = null;

/** Given once at startup (app.ts); a test may give its own. */
export function provideTurnHooks(hooks: TurnHooks) {
  provided = hooks;
}

/** The hooks a turn uses; a turn run before the app gave them is a bug. */
export function turnHooks(): TurnHooks {
  if (!provided)
    throw new Error('A chat turn ran before the app gave its hooks (provideTurnHooks)');
  return provided;
}
