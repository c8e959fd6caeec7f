import { describe, expect, it } from 'vitest';
import { conversationFiltersSchema, createConversationsClient } from '@parley/api-client';
import {
  emptyFilters,
  filtersToQuery,
  formatDuration,
  hasFilters,
  holdStateOf,
  inboxHref,
  isUnread,
  nextListIndex,
  replyKeyAction,
  startOfDay,
  partyLabel,
} from './inboxFormat';
import { fixtureSummaries } from './inboxFixtures';

describe('filtersToQuery', () => {
  it('given no filters › asks only for the organization', () => {
    expect(filtersToQuery(emptyFilters, { orgId: 'org_1' })).toEqual({ organization_id: 'org_1' });
  });

  it('given every filter › names them as the contract does and the server accepts them', () => {
    const query = filtersToQuery(
      {
        agentId: 'clinic_1',
        channel: 'sms',
        status: 'held',
        q: '  refund  ',
        from: '2026-11-20',
        to: '2026-11-25',
        unreadOnly: true,
        success: 'false',
        tag: ' refund ',
      },
      { orgId: 'org_1' },
    );
    expect(query).toEqual({
      organization_id: 'org_1',
      agent_id: 'clinic_1',
      channel: 'sms',
      status: 'held',
      q: 'refund',
      from: new Date(2026, 10, 20).toISOString(),
      // 'to' is inclusive of its day: the server's 'started before' the next day's start.
      to: new Date(2026, 10, 26).toISOString(),
      success: 'false',
      tag: 'refund',
    });
    expect(conversationFiltersSchema.safeParse(query).success).toBe(true);
  });

  it("given an agent's section › fixes its agent whatever the filter says", () => {
    expect(filtersToQuery({ ...emptyFilters, agentId: 'other' }, { agentId: 'clinic_1' })).toEqual({
      agent_id: 'clinic_1',
    });
  });

  it('given a blank search or a date that is not one › leaves them out', () => {
    expect(filtersToQuery({ ...emptyFilters, q: '   ', from: '20-11-2026', to: 'x' })).toEqual({});
    expect(startOfDay('2026-13-45')).toBeInstanceOf(Date); // rolls over like Date does
    expect(startOfDay('nope')).toBeUndefined();
  });

  it('given filters › the export link carries the same filters and the format', () => {
    const client = createConversationsClient({ baseUrl: '/api' });
    const url = client.exportUrl(
      filtersToQuery({ ...emptyFilters, channel: 'chat', q: 'a b' }, { orgId: 'org_1' }),
      'jsonl',
    );
    expect(url).toBe(
      '/api/conversations/export?organization_id=org_1&channel=chat&q=a+b&format=jsonl',
    );
  });

  it('hasFilters › true for any narrowing filter, false for none', () => {
    expect(hasFilters(emptyFilters)).toBe(false);
    expect(hasFilters({ ...emptyFilters, q: ' ' })).toBe(false);
    expect(hasFilters({ ...emptyFilters, unreadOnly: true })).toBe(true);
    expect(hasFilters({ ...emptyFilters, status: 'open' })).toBe(true);
  });
});

describe('the unread rule', () => {
  const unread = { ...fixtureSummaries[0]!, unread: true };
  const last = unread.last_message!.created_at;

  it('given the server says read › it is read', () => {
    expect(isUnread({ ...unread, unread: false }, {})).toBe(false);
  });
  it('given the server says unread and it was not opened here › unread', () => {
    expect(isUnread(unread, {})).toBe(true);
  });
  it('given it was opened here after its last message › read', () => {
    const after = new Date(Date.parse(last) + 1000).toISOString();
    expect(isUnread(unread, { [unread.id]: after })).toBe(false);
  });
  it('given a message arrived after it was opened here › unread again', () => {
    const before = new Date(Date.parse(last) - 1000).toISOString();
    expect(isUnread(unread, { [unread.id]: before })).toBe(true);
  });
});

describe('holds, keys and formats', () => {
  const held = { user_id: 'u1', name: 'Ada', since: '2026-11-26T00:00:00Z' };
  it('holdStateOf › none, mine or another member', () => {
    expect(holdStateOf(null, 'u1')).toBe('none');
    expect(holdStateOf(held, 'u1')).toBe('mine');
    expect(holdStateOf(held, 'u2')).toBe('other');
    expect(holdStateOf(held, undefined)).toBe('other');
  });
  it('replyKeyAction › Enter sends; Shift+Enter, composing and other keys do not', () => {
    expect(replyKeyAction({ key: 'Enter' })).toBe('send');
    expect(replyKeyAction({ key: 'Enter', shiftKey: true })).toBeNull();
    expect(replyKeyAction({ key: 'Enter', isComposing: true })).toBeNull();
    expect(replyKeyAction({ key: 'a' })).toBeNull();
  });
  it('nextListIndex › arrows move within the list, Home/End jump, others do nothing', () => {
    expect(nextListIndex(0, 'ArrowDown', 3)).toBe(1);
    expect(nextListIndex(2, 'ArrowDown', 3)).toBe(2);
    expect(nextListIndex(0, 'ArrowUp', 3)).toBe(0);
    expect(nextListIndex(1, 'End', 3)).toBe(2);
    expect(nextListIndex(2, 'Home', 3)).toBe(0);
    expect(nextListIndex(0, 'x', 3)).toBeNull();
    expect(nextListIndex(0, 'ArrowDown', 0)).toBeNull();
  });
  it('formatDuration and inboxHref', () => {
    expect(formatDuration(127)).toBe('2:07');
    expect(formatDuration(3725)).toBe('1:02:05');
    expect(formatDuration(null)).toBe('—');
    expect(inboxHref('c 1')).toBe('/?view=conversations&conversation=c+1');
  });
});

describe('partyLabel', () => {
  it('names a member’s console test chat as one, never by its raw id', () => {
    expect(partyLabel('console-6f1c0a')).toBe('Test chat (console)');
    expect(partyLabel('+442071838750')).toBe('+442071838750');
    expect(partyLabel('')).toBe('Visitor');
  });
});
