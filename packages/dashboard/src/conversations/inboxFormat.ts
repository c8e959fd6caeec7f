import type {
  ConversationChannelName,
  ConversationFilters,
  ConversationStatus,
  ConversationSummary,
  HeldBy,
  ThreadMessage,
} from '@parley/api-client';

/**
 * The inbox's plain logic (issue 29): the filters as the list's query, the unread rule, who holds
 * a conversation, the reply box's keys and the list's arrow keys. No React here.
 */

export const channelLabels: Record<ConversationChannelName, string> = {
  chat: 'Chat',
  voice: 'Voice',
  sms: 'SMS',
  whatsapp: 'WhatsApp',
  email: 'Email',
};

export const statusLabels: Record<ConversationStatus, string> = {
  open: 'Open',
  needs_human: 'Needs a person',
  held: 'Held',
  ended: 'Ended',
};

export const inboxTexts = {
  heading: 'Conversations',
  agentHeading: 'Conversations',
  loading: 'Loading conversations...',
  loadFailed: 'Failed to load conversations',
  retry: 'Retry',
  empty: 'No conversations yet',
  emptyHint:
    'Conversations from chat, the widget, calls, SMS, WhatsApp and email appear here as they happen.',
  emptyFiltered: 'No conversations match these filters',
  emptyFilteredHint: 'Change or clear the filters to see more.',
  clearFilters: 'Clear filters',
  loadMore: 'Load more',
  search: 'Search messages',
  searchPlaceholder: 'Search messages...',
  allAgents: 'All agents',
  allChannels: 'All channels',
  allStatuses: 'All',
  unreadOnly: 'Unread',
  from: 'Active since',
  to: 'Started before',
  exportCsv: 'Export CSV',
  exportJsonl: 'Export JSONL',
  unread: 'Unread',
  selectPrompt: 'Select a conversation',
  selectHint: 'Choose a conversation on the left to read its thread.',
  threadLoading: 'Loading conversation...',
  threadFailed: 'Failed to load the conversation',
  back: 'Back to conversations',
  takeOver: 'Take over',
  takingOver: 'Taking over...',
  handBack: 'Hand back',
  handingBack: 'Handing back...',
  close: 'Close',
  closing: 'Closing...',
  closeHint: 'Ends the conversation now; a new message from the person reopens it.',
  endedNote: 'This conversation has ended. A new message from the person reopens it.',
  reply: 'Reply',
  replyPlaceholder: 'Write a reply... (Enter sends, Shift+Enter for a new line)',
  send: 'Send',
  sending: 'Sending...',
  replyDisabledNone: 'Take the conversation over to reply.',
  replyDisabledOther: (name: string) => `${name} is replying in this conversation.`,
  heldByYou:
    'You have taken this conversation over: the agent does not answer until you hand it back.',
  heldByOther: (name: string) => `${name} has taken this conversation over.`,
  callNoReply: 'A call cannot take a typed reply.',
  noMessages: 'No messages in this conversation.',
  latestHeading: 'Latest conversations',
  latestEmpty: 'No conversations yet',
  openInbox: 'Open inbox',
} as const;

/** The filters as the inbox keeps them (form values: dates as yyyy-mm-dd, '' for none). */
export interface InboxFilters {
  agentId: string;
  channel: ConversationChannelName | '';
  status: ConversationStatus | '';
  q: string;
  /** Active since this day (yyyy-mm-dd, the reader's day). */
  from: string;
  /** Started before the end of this day (yyyy-mm-dd, inclusive). */
  to: string;
  /** Only conversations with unread visitor messages (applied to the loaded pages). */
  unreadOnly: boolean;
  /** Outcomes (docs/outcomes.md): a success ('true') or not ('false'); '' any. */
  success: '' | 'true' | 'false';
  /** Outcomes carrying this tag; '' any. */
  tag: string;
}

export const emptyFilters: InboxFilters = {
  agentId: '',
  channel: '',
  status: '',
  q: '',
  from: '',
  to: '',
  unreadOnly: false,
  success: '',
  tag: '',
};

const dayPattern = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The start of a yyyy-mm-dd day in the reader's time zone (undefined when not a day). */
export function startOfDay(day: string, plusDays = 0): Date | undefined {
  const m = dayPattern.exec(day);
  if (!m) return undefined;
  const date = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + plusDays);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/**
 * The filters as the list's and export's query (the contract's filter names). `to` is inclusive
 * of its day (the server's `to` is 'started before'); an agent's section fixes `agent_id`.
 */
export function filtersToQuery(
  filters: InboxFilters,
  scope: { orgId?: string; agentId?: string } = {},
): ConversationFilters {
  const out: ConversationFilters = {};
  if (scope.orgId) out.organization_id = scope.orgId;
  const agent = scope.agentId ?? filters.agentId;
  if (agent) out.agent_id = agent;
  if (filters.channel) out.channel = filters.channel;
  if (filters.status) out.status = filters.status;
  const q = filters.q.trim();
  if (q) out.q = q;
  const from = startOfDay(filters.from);
  if (from) out.from = from.toISOString();
  const to = startOfDay(filters.to, 1);
  if (to) out.to = to.toISOString();
  if (filters.success) out.success = filters.success;
  const tag = filters.tag.trim();
  if (tag) out.tag = tag;
  return out;
}

/** Whether any filter narrows the list (the empty state says so). */
export function hasFilters(filters: InboxFilters): boolean {
  return Boolean(
    filters.agentId ||
    filters.channel ||
    filters.status ||
    filters.q.trim() ||
    filters.from ||
    filters.to ||
    filters.unreadOnly ||
    filters.success ||
    filters.tag.trim(),
  );
}

/** Where this browser saw each conversation last (id → ISO time): opened after the list loaded. */
export type SeenMap = Readonly<Record<string, string>>;

/**
 * The unread rule: the server says a visitor's message arrived since this member last opened the
 * thread; a thread opened here since the list was read is read unless its last message is newer.
 */
export function isUnread(conversation: ConversationSummary, seen: SeenMap): boolean {
  if (!conversation.unread) return false;
  const at = seen[conversation.id];
  if (!at) return true;
  const last = conversation.last_message?.created_at ?? conversation.updated_at;
  return Date.parse(last) > Date.parse(at);
}

export type HoldState = 'none' | 'mine' | 'other';

/** Who holds it, from the signed-in member's point of view. */
export function holdStateOf(heldBy: HeldBy | null, myUserId: string | undefined): HoldState {
  if (!heldBy) return 'none';
  return myUserId && heldBy.user_id === myUserId ? 'mine' : 'other';
}

/** The reply box's keys: Enter sends, Shift+Enter (or composing text) is a new line. */
export function replyKeyAction(event: {
  key: string;
  shiftKey?: boolean;
  isComposing?: boolean;
}): 'send' | null {
  if (event.key !== 'Enter' || event.shiftKey || event.isComposing) return null;
  return 'send';
}

/** The list's arrow keys: the index focus moves to (null when the key does not move it). */
export function nextListIndex(current: number, key: string, length: number): number | null {
  if (length === 0) return null;
  switch (key) {
    case 'ArrowDown':
      return Math.min(length - 1, current + 1);
    case 'ArrowUp':
      return Math.max(0, current - 1);
    case 'Home':
      return 0;
    case 'End':
      return length - 1;
    default:
      return null;
  }
}

/**
 * Who the other party is, in words: the visitor's address, or for a member's own test chat from
 * the agent's page (its `user` is `console-{organization id}`) 'Test chat (console)', never the
 * raw id.
 */
export function partyLabel(endUser: string | null | undefined): string {
  const who = endUser?.trim() ?? '';
  if (!who) return 'Visitor';
  if (/^console-/.test(who)) return 'Test chat (console)';
  return who;
}

/** The author line of a message: the visitor's address, the agent's name, the member's name. */
export function authorLabel(
  message: Pick<ThreadMessage, 'author' | 'member_name'>,
  who: { endUser: string; agentName: string | null },
): string {
  if (message.author === 'member') return message.member_name ?? 'Member';
  if (message.author === 'agent') return who.agentName ?? 'Agent';
  return partyLabel(who.endUser);
}

export const authorRoleLabels = { visitor: 'Visitor', agent: 'Agent', member: 'Member' } as const;

/** A date and time as the reader reads them (or in the given zone, for stories). */
export function formatWhen(iso: string, options: { timeZone?: string; locale?: string } = {}) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(options.locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: options.timeZone,
  }).format(date);
}

/** A call's length, m:ss (or h:mm:ss). */
export function formatDuration(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds)) return '—';
  const total = Math.max(0, Math.round(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** The end reason of a call as a sentence-case phrase ('max_duration' → 'Max duration'). */
export function humanReason(reason: string | null): string | null {
  if (!reason) return null;
  const text = reason.replace(/[_-]+/g, ' ').trim();
  return text ? text[0]!.toUpperCase() + text.slice(1) : null;
}

/** The address of a conversation in the organization-wide inbox (the Overview links here). */
export function inboxHref(conversationId?: string): string {
  const params = new URLSearchParams({ view: 'conversations' });
  if (conversationId) params.set('conversation', conversationId);
  return `/?${params.toString()}`;
}
