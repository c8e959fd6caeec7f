// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { MailThread } from '@parley/api-client';
import {
  anyAssigned,
  conversationOrder,
  draftsWaiting,
  filterMailboxes,
  orderMailThreads,
  outboxMailboxes,
  pluralDrafts,
} from './mailboxList';
import { fixtureMailbox } from '../stories/mailFixtures';

const box = fixtureMailbox;

describe('the accounts table', () => {
  const list = [
    box('help@acme.test', { agent_id: 'support_1', agent_name: 'support', drafts_waiting: 2 }),
    box('sales@acme.test', { sending: 'smtp', drafts_waiting: 1 }),
  ];
  it('searches the address and the agent', () => {
    expect(filterMailboxes(list, 'SALES').map((m) => m.email_address)).toEqual(['sales@acme.test']);
    expect(filterMailboxes(list, 'support').map((m) => m.email_address)).toEqual([
      'help@acme.test',
    ]);
    expect(filterMailboxes(list, '  ')).toHaveLength(2);
    expect(filterMailboxes(list, 'nobody')).toEqual([]);
  });
  it('knows whether some account is assigned, the drafts waiting and the outbox mailboxes', () => {
    expect(anyAssigned(list)).toBe(true);
    expect(anyAssigned([box('a@b.co')])).toBe(false);
    expect(draftsWaiting(list)).toBe(3);
    expect(pluralDrafts(1)).toBe('1 draft waiting');
    expect(outboxMailboxes(list).map((m) => m.email_address)).toEqual(['help@acme.test']);
  });
});

describe('threads', () => {
  const msg = (id: string, at: string) => ({
    id,
    direction: 'inbound' as const,
    author: 'visitor' as const,
    from: 'a',
    to: 'b',
    subject: 's',
    text: id,
    status: 'received',
    not_answered: null,
    message_id: null,
    in_reply_to: null,
    offline: false,
    error: null,
    created_at: at,
  });
  const thread = (id: string, updated: string, messages = [msg('m', updated)]): MailThread => ({
    id,
    agent_id: null,
    mailbox: 'help@acme.test',
    end_user: 'ada@example.com',
    subject: 'Hi',
    drafts_waiting: 0,
    updated_at: updated,
    messages,
  });
  it('newest activity first; a conversation reads oldest first', () => {
    const t = [thread('old', '2026-01-01T00:00:00Z'), thread('new', '2026-01-02T00:00:00Z')];
    expect(orderMailThreads(t).map((x) => x.id)).toEqual(['new', 'old']);
    const c = thread('c', '2026-01-02T00:00:00Z', [
      msg('second', '2026-01-02T00:00:00Z'),
      msg('first', '2026-01-01T00:00:00Z'),
    ]);
    expect(conversationOrder(c).map((m) => m.id)).toEqual(['first', 'second']);
  });
});

describe('campaigns on a server without the campaign calls', () => {
  it('a 404 says so plainly; another failure keeps its reason', async () => {
    const { ApiError } = await import('@parley/api-client');
    const { campaignsLoadError, campaignsUnavailable } = await import('./campaignForm');
    expect(campaignsLoadError(new ApiError('HTTP error! status: 404 - Not Found', 404, null))).toBe(
      campaignsUnavailable,
    );
    expect(campaignsLoadError(new Error('Database unavailable'))).toBe('Database unavailable');
  });
});
