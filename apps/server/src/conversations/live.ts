import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/** The NOTIFY channel carrying conversation events to every server process on the database. */
export const conversationChannel = 'parley_conversations';

/**
 * What happened: for an open widget a member's message (its id), a takeover or a release; for the
 * inbox (the organization's members) also any new message and a call's end (`status`), which the
 * database's triggers announce (migration 0024). Ids only, never a message's text.
 */
export interface LiveEvent {
  conversationId: string;
  /** The conversation's organization (every event the inbox may see carries it). */
  organizationId?: string;
  kind: LiveKind;
  messageId?: string;
  /** member_removed: the user who is no longer a member (migration 0028's trigger). */
  userId?: string;
}
export type LiveKind =
  'member_message' | 'takeover' | 'release' | 'message' | 'status' | 'member_removed';

/** What a conversation's visitor is told of (the public runtime's event stream). */
const visitorKinds = new Set<string>(['member_message', 'takeover', 'release']);
/**
 * What the inbox is told of, by organization (a member's reply is also a `message`);
 * `member_removed` closes that member's own streams and is never sent on.
 */
const inboxKinds = new Set<string>(['message', 'takeover', 'release', 'status', 'member_removed']);

type Listener = (event: LiveEvent) => void;

function subscribeTo(map: Map<string, Set<Listener>>, key: string, listener: Listener) {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  set.add(listener);
  return () => {
    set.delete(listener);
    if (!set.size) map.delete(key);
  };
}

/**
 * The open listeners of this process: by conversation (the public runtime's event streams) and by
 * organization (the members' inbox streams). Events arrive through the database's NOTIFY
 * (`conversationChannel`), so a member's reply written on one process reaches a widget connected
 * to another, and a visitor's message stored by one process reaches every member's open inbox.
 */
export class ConversationBus {
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly organizations = new Map<string, Set<Listener>>();

  /** A conversation's visitor events (member_message, takeover, release). */
  subscribe(conversationId: string, listener: Listener): () => void {
    return subscribeTo(this.listeners, conversationId, listener);
  }

  /** An organization's inbox events (message, takeover, release, status) of any of its conversations. */
  subscribeOrganization(organizationId: string, listener: Listener): () => void {
    return subscribeTo(this.organizations, organizationId, listener);
  }

  /** A NOTIFY payload (malformed ones are ignored). */
  receive(payload: string): void {
    let event: LiveEvent;
    try {
      const raw = JSON.parse(payload) as {
        c?: unknown;
        o?: unknown;
        k?: unknown;
        m?: unknown;
        u?: unknown;
      };
      if (typeof raw.c !== 'string' || typeof raw.k !== 'string') return;
      event = {
        conversationId: raw.c,
        organizationId: typeof raw.o === 'string' ? raw.o : undefined,
        kind: raw.k as LiveKind,
        messageId: typeof raw.m === 'string' ? raw.m : undefined,
        userId: typeof raw.u === 'string' ? raw.u : undefined,
      };
    } catch {
      return;
    }
    if (visitorKinds.has(event.kind))
      for (const listener of this.listeners.get(event.conversationId) ?? []) listener(event);
    if (event.organizationId && inboxKinds.has(event.kind))
      for (const listener of this.organizations.get(event.organizationId) ?? []) listener(event);
  }

  get size(): number {
    return this.listeners.size + this.organizations.size;
  }
}

const buses = new WeakMap<object, ConversationBus>();

/** The bus wired to this database handle (createServer); one is made on first use otherwise. */
export function conversationBusOf(db: Db): ConversationBus {
  let bus = buses.get(db);
  if (!bus) buses.set(db, (bus = new ConversationBus()));
  return bus;
}

/** Wires a bus to the database handle (createServer does, with its LISTEN). */
export function attachConversationBus(db: Db, bus: ConversationBus): void {
  buses.set(db, bus);
}

/** Tells every process (through NOTIFY) what happened in a conversation. */
export async function publish(db: Db, event: LiveEvent): Promise<void> {
  const payload = JSON.stringify({
    c: event.conversationId,
    o: event.organizationId,
    k: event.kind,
    m: event.messageId,
  });
  await db.execute(sql`SELECT pg_notify(${conversationChannel}, ${payload})`);
}
