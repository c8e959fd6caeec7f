import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/** The NOTIFY channel carrying conversation events to every server process on the database. */
export const conversationChannel = 'parley_conversations';

/** What happened: a member's message (its id), a takeover or a release. */
export interface LiveEvent {
  conversationId: string;
  kind: 'member_message' | 'takeover' | 'release';
  messageId?: string;
}

type Listener = (event: LiveEvent) => void;

/**
 * The open listeners of this process by conversation (the public runtime's event streams). Events
 * arrive through the database's NOTIFY (`conversationChannel`), so a member's reply written on one
 * process reaches a widget connected to another.
 */
export class ConversationBus {
  private readonly listeners = new Map<string, Set<Listener>>();

  subscribe(conversationId: string, listener: Listener): () => void {
    let set = this.listeners.get(conversationId);
    if (!set) this.listeners.set(conversationId, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (!set.size) this.listeners.delete(conversationId);
    };
  }

  /** A NOTIFY payload (malformed ones are ignored). */
  receive(payload: string): void {
    let event: LiveEvent;
    try {
      const raw = JSON.parse(payload) as { c?: unknown; k?: unknown; m?: unknown };
      if (typeof raw.c !== 'string' || typeof raw.k !== 'string') return;
      event = {
        conversationId: raw.c,
        kind: raw.k as LiveEvent['kind'],
        messageId: typeof raw.m === 'string' ? raw.m : undefined,
      };
    } catch {
      return;
    }
    for (const listener of this.listeners.get(event.conversationId) ?? []) listener(event);
  }

  get size(): number {
    return this.listeners.size;
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
  const payload = JSON.stringify({ c: event.conversationId, k: event.kind, m: event.messageId });
  await db.execute(sql`SELECT pg_notify(${conversationChannel}, ${payload})`);
}
