// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ApiError, type ChannelConversation, type ChannelMessage } from '@parley/api-client';
import { orderThreads, senderLabel } from './messageThreads';
import { sendFailureText } from './channelMessages';

const msg = (id: string, at: string, author: ChannelMessage['author']): ChannelMessage => ({
  id,
  direction: author === 'visitor' ? 'inbound' : 'outbound',
  author,
  text: id,
  status: null,
  offline: false,
  error: null,
  created_at: at,
});
const thread = (id: string, updated: string, messages: ChannelMessage[]): ChannelConversation => ({
  id,
  agent_id: 'support_1',
  our_number: '+14155550100',
  end_user: '+15005550100',
  updated_at: updated,
  messages,
});

describe('the Outbound message list', () => {
  it('newest thread first, newest message first, the input untouched', () => {
    const input = [
      thread('old', '2025-01-01T10:00:00Z', [msg('a1', '2025-01-01T09:00:00Z', 'member')]),
      thread('new', '2025-01-01T08:00:00Z', [
        msg('b1', '2025-01-01T11:00:00Z', 'visitor'),
        msg('b2', '2025-01-01T11:00:05Z', 'agent'),
      ]),
    ];
    const out = orderThreads(input);
    expect(out.map((t) => t.id)).toEqual(['new', 'old']);
    expect(out[0]!.messages.map((m) => m.id)).toEqual(['b2', 'b1']);
    expect(input[1]!.messages[0]!.id).toBe('b1');
  });

  it('names who wrote each message', () => {
    expect(senderLabel({ author: 'agent', direction: 'outbound' })).toBe('Agent reply');
    // The automatic answer to STOP / START is not the agent's reply.
    expect(senderLabel({ author: 'agent', direction: 'outbound', automatic: 'opt_out' })).toBe(
      'Opt-out confirmation',
    );
    expect(senderLabel({ author: 'agent', direction: 'outbound', automatic: 'opt_in' })).toBe(
      'Opt-in confirmation',
    );
    expect(senderLabel({ author: 'member', direction: 'outbound' })).toBe('Sent from the console');
    expect(senderLabel({ author: 'visitor', direction: 'inbound' })).toBe('Received');
    expect(senderLabel({ author: null, direction: null })).toBe('Sent');
  });

  it("send failures read '{base}: {server reason}'", () => {
    const base = 'Failed to send WhatsApp message';
    const window = new ApiError('HTTP error! status: 409 - Conflict: {…}', 409, {
      error: 'Outside the window.',
    });
    expect(sendFailureText(base, window)).toBe(`${base}: Outside the window.`);
    const optedOut = new ApiError('x', 409, { error: `${base}: the recipient opted out (STOP)` });
    expect(sendFailureText(base, optedOut)).toBe(`${base}: the recipient opted out (STOP)`);
    expect(sendFailureText(base, null)).toBe(`${base}: Unknown error`);
  });
});
