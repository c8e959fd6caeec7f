import type { ChannelConversation, ChannelMessage } from '@parley/api-client';

const time = (iso: string) => {
  const t = Date.parse(iso);
  return Number.isNaN(t) ? 0 : t;
};

/** The newest moment of a thread: its newest message, else its last update. */
export function lastActivityOf(thread: ChannelConversation): number {
  return Math.max(time(thread.updated_at), ...thread.messages.map((m) => time(m.created_at)));
}

/**
 * The Outbound list: threads with the most recent activity first, and in each thread the newest
 * message first (sent and received alike). Does not change its input.
 */
export function orderThreads(threads: readonly ChannelConversation[]): ChannelConversation[] {
  return threads
    .map((t) => ({
      ...t,
      messages: [...t.messages].sort((a, b) => time(b.created_at) - time(a.created_at)),
    }))
    .sort((a, b) => lastActivityOf(b) - lastActivityOf(a));
}

/** Who wrote a message, in the list's words. */
export function senderLabel(
  m: Pick<ChannelMessage, 'author' | 'direction'> & Pick<Partial<ChannelMessage>, 'automatic'>,
): string {
  // The automatic answer to STOP or START is not the agent's.
  if (m.automatic === 'opt_out') return 'Opt-out confirmation';
  if (m.automatic === 'opt_in') return 'Opt-in confirmation';
  if (m.author === 'agent') return 'Agent reply';
  if (m.author === 'member') return 'Sent from the console';
  if (m.direction === 'inbound' || m.author === 'visitor') return 'Received';
  return 'Sent';
}
