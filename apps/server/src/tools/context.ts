import type { Logger } from 'pino';
import type { Db } from '../db/client';
import type { SecretBox } from '../lib/secrets';
import type { HandoffSource } from '@parley/api-client';

/** What a turn asked for: a person, what the person was told, and a call's transfer. */
export interface HandoffAction {
  reason: string;
  source: HandoffSource;
  /** The words the person is told (the answer carries them). */
  notice: string;
  inHours: boolean;
  /** A call put through to the member on duty (their phone number). */
  transfer?: { userId: string; name: string; number: string };
}

/**
 * What the voice worker does on the call after the answer (end_call, transfer_call), and a
 * request for a person (request_human) the runtime stores once the turn is.
 */
export interface CallActions {
  endCall?: { reason: string | null };
  transferCall?: { number: string; reason: string | null };
  handoff?: HandoffAction;
}

/**
 * Who and where a tool runs for: the conversation's organization (a tool never sees another's
 * data or secrets), its agent, channel and the person the agent talks with.
 */
export interface ToolContext {
  db: Db;
  secrets: SecretBox;
  logger: Logger;
  env: Record<string, string | undefined>;
  organizationId: string;
  agentName: string;
  /** Null outside a conversation (the 'Test tool' button). */
  conversationId: string | null;
  channel: string;
  /** The person's address on the channel: a chat visitor's id, a phone number, an e-mail address. */
  endUser: string | null;
  /**
   * Who the conversation is with: a member of the organization (the console's test chat, an agent
   * test) or a visitor (every channel's people; the default). A visitor's sends go only to the
   * channel they came from, or on the web to an address they give when `visitorSends` allows it.
   */
  sender?: 'member' | 'visitor';
  /** The agent's 'Let visitors receive e-mails/texts'. */
  visitorSends?: boolean;
  /** Our side on channels that have one (the number, the mailbox). */
  agentAddress: string | null;
  /** Filled by end_call and transfer_call for the voice worker. */
  actions: CallActions;
  /**
   * An agent test's fixed answers, by the tool's id (or name; an MCP tool's name): the tool is not
   * called, the mock answers.
   */
  toolMocks?: Record<string, unknown>;
  now?: () => Date;
  /**
   * Messages the send tools sent (or are sending) in this turn: at most `maxToolSendsPerTurn`
   * (set by the first send; the context lives for one turn).
   */
  sends?: { count: number };
}
