import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import {
  conversationChannelValues,
  conversationStatusValues,
  type ConversationSummary,
} from '@parley/api-client';
import {
  Badge,
  Button,
  EmptyState,
  RetryBanner,
  SearchField,
  Select,
  Spinner,
  TextField,
} from '@parley/ui';
import {
  channelLabels,
  emptyFilters,
  formatWhen,
  hasFilters,
  inboxTexts,
  nextListIndex,
  partyLabel,
  statusLabels,
  type InboxFilters,
} from './inboxFormat';
import * as styles from './inbox.css';
import { OutcomeBadges, OutcomeFilterFields } from '../outcomes';

export interface InboxListItem extends ConversationSummary {
  /** The unread rule's answer for this member (see isUnread). */
  isUnread: boolean;
}

export interface InboxViewProps {
  filters: InboxFilters;
  onFiltersChange: (filters: InboxFilters) => void;
  /** The agents the agent filter offers; absent in an agent's own section (its agent is fixed). */
  agents?: Array<{ id: string; name: string }>;
  conversations: InboxListItem[];
  loading?: boolean;
  error?: string | null;
  onRetry?: () => void;
  hasMore?: boolean;
  loadingMore?: boolean;
  onLoadMore?: () => void;
  selectedId: string | null;
  onSelect: (id: string) => void;
  /** Esc (and Back on small screens) closes the open thread. */
  onCloseThread: () => void;
  /** Download links of the export with the current filters. */
  exportLinks: { csv: string; jsonl: string };
  /** The open thread (or its placeholder). */
  thread: ReactNode;
  title?: string;
  headingLevel?: 1 | 2 | 3;
  id?: string;
  timeZone?: string;
  locale?: string;
  /**
   * 'Needs a person' (issue 41): how many wait (the badge on its chip) and its view, shown in
   * place of the list while that chip is chosen (the longest waiting first).
   */
  needsPerson?: { count: number; view: ReactNode };
}

const all = 'all';

/**
 * The inbox (issue 29): filters, status chips, search, the conversation list (arrow keys move,
 * Enter opens), Load more, export links, and the open thread beside it (alone on small screens).
 * A view: props in, events out.
 */
export function InboxView({
  filters,
  onFiltersChange,
  agents,
  conversations,
  loading = false,
  error,
  onRetry,
  hasMore = false,
  loadingMore = false,
  onLoadMore,
  selectedId,
  onSelect,
  onCloseThread,
  exportLinks,
  thread,
  title = inboxTexts.heading,
  headingLevel = 1,
  id,
  timeZone,
  locale,
  needsPerson,
}: InboxViewProps) {
  const Heading = `h${headingLevel}` as const;
  const headingId = useId();
  const [search, setSearch] = useState(filters.q);
  useEffect(() => {
    setSearch(filters.q);
  }, [filters.q]);
  const set = (patch: Partial<InboxFilters>) => onFiltersChange({ ...filters, ...patch });
  const shown = filters.unreadOnly ? conversations.filter((c) => c.isUnread) : conversations;

  const itemRefs = useRef<Array<HTMLLIElement | null>>([]);
  const selectedIndex = shown.findIndex((c) => c.id === selectedId);
  const [focusIndex, setFocusIndex] = useState(0);
  const tabIndexAt = selectedIndex >= 0 ? selectedIndex : Math.min(focusIndex, shown.length - 1);

  const onListKey = (event: React.KeyboardEvent<HTMLUListElement>) => {
    const current = itemRefs.current.findIndex((el) => el === document.activeElement);
    if ((event.key === 'Enter' || event.key === ' ') && current >= 0) {
      event.preventDefault();
      onSelect(shown[current]!.id);
      return;
    }
    const next = nextListIndex(current < 0 ? tabIndexAt : current, event.key, shown.length);
    if (next === null) return;
    event.preventDefault();
    setFocusIndex(next);
    itemRefs.current[next]?.focus();
  };

  return (
    <section
      className={styles.inbox}
      aria-labelledby={headingId}
      id={id}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && selectedId && !event.defaultPrevented) {
          onCloseThread();
          itemRefs.current[Math.max(0, selectedIndex)]?.focus();
        }
      }}
    >
      <div className={styles.headRow}>
        <Heading id={headingId} className={styles.heading}>
          {title}
        </Heading>
        <div className={styles.exportLinks}>
          <a className={styles.link} href={exportLinks.csv} download>
            {inboxTexts.exportCsv}
          </a>
          <a className={styles.link} href={exportLinks.jsonl} download>
            {inboxTexts.exportJsonl}
          </a>
        </div>
      </div>

      {/* Every filter has its label above it: one baseline for the row. */}
      <div className={styles.filters}>
        <div className={styles.searchCell}>
          <SearchField
            label={inboxTexts.search}
            showLabel
            value={search}
            placeholder={inboxTexts.searchPlaceholder}
            onChange={(value) => {
              setSearch(value);
              if (!value) set({ q: '' });
            }}
            onSubmit={(value) => set({ q: value })}
          />
        </div>
        {agents ? (
          <Select
            label="Agent"
            value={filters.agentId || all}
            onValueChange={(v) => set({ agentId: v === all ? '' : v })}
            items={[
              { value: all, label: inboxTexts.allAgents },
              ...agents.map((a) => ({ value: a.id, label: a.name })),
            ]}
          />
        ) : null}
        <Select
          label="Channel"
          value={filters.channel || all}
          onValueChange={(v) => set({ channel: v === all ? '' : (v as InboxFilters['channel']) })}
          items={[
            { value: all, label: inboxTexts.allChannels },
            ...conversationChannelValues.map((c) => ({ value: c, label: channelLabels[c] })),
          ]}
        />
        <TextField
          label={inboxTexts.from}
          type="date"
          value={filters.from}
          onChange={(from) => set({ from })}
        />
        <TextField
          label={inboxTexts.to}
          type="date"
          value={filters.to}
          onChange={(to) => set({ to })}
        />
        <OutcomeFilterFields
          value={{ success: filters.success, tag: filters.tag }}
          onChange={(patch) => set(patch)}
        />
      </div>

      <div className={styles.chips} role="group" aria-label="Status">
        {(['', ...conversationStatusValues] as const).map((s) => (
          <button
            key={s || all}
            type="button"
            className={styles.chip}
            aria-pressed={filters.status === s}
            onClick={() => set({ status: s })}
          >
            {s ? statusLabels[s] : inboxTexts.allStatuses}
            {s === 'needs_human' && needsPerson?.count ? (
              <>
                {' '}
                <Badge tone="danger">{needsPerson.count}</Badge>
              </>
            ) : null}
          </button>
        ))}
        <button
          type="button"
          className={styles.chip}
          aria-pressed={filters.unreadOnly}
          onClick={() => set({ unreadOnly: !filters.unreadOnly })}
        >
          {inboxTexts.unreadOnly}
        </button>
      </div>

      <div className={styles.panes} data-thread-open={selectedId ? 'true' : 'false'}>
        <div className={styles.listPane}>
          {filters.status === 'needs_human' && needsPerson ? (
            needsPerson.view
          ) : error ? (
            <RetryBanner title={inboxTexts.loadFailed} message={error} onRetry={onRetry} />
          ) : loading ? (
            <div className={styles.center}>
              <Spinner label={inboxTexts.loading} />
            </div>
          ) : shown.length === 0 ? (
            hasFilters(filters) ? (
              <EmptyState
                title={inboxTexts.emptyFiltered}
                hint={inboxTexts.emptyFilteredHint}
                action={
                  <Button variant="secondary" onClick={() => onFiltersChange(emptyFilters)}>
                    {inboxTexts.clearFilters}
                  </Button>
                }
              />
            ) : (
              <EmptyState title={inboxTexts.empty} hint={inboxTexts.emptyHint} />
            )
          ) : (
            <ul className={styles.list} role="listbox" aria-label={title} onKeyDown={onListKey}>
              {shown.map((c, i) => (
                <li
                  key={c.id}
                  ref={(el) => {
                    itemRefs.current[i] = el;
                  }}
                  role="option"
                  aria-selected={c.id === selectedId}
                  tabIndex={i === tabIndexAt ? 0 : -1}
                  className={styles.row}
                  onClick={() => onSelect(c.id)}
                  onFocus={() => setFocusIndex(i)}
                >
                  <span className={styles.rowTop}>
                    {c.isUnread ? (
                      <span
                        className={styles.unreadDot}
                        role="img"
                        aria-label={inboxTexts.unread}
                      />
                    ) : null}
                    <span className={styles.who}>{partyLabel(c.end_user)}</span>
                    <Badge tone="neutral">{channelLabels[c.channel]}</Badge>
                    {c.status !== 'open' ? (
                      <Badge tone={c.status === 'held' ? 'warning' : 'neutral'}>
                        {c.status === 'held' && c.held_by
                          ? `Held by ${c.held_by.name}`
                          : statusLabels[c.status]}
                      </Badge>
                    ) : null}
                    <OutcomeBadges outcome={c.outcome} />
                    <span className={styles.when}>
                      {formatWhen(c.updated_at, { timeZone, locale })}
                    </span>
                  </span>
                  <span className={styles.muted}>
                    {c.agent_name ?? 'No agent'} · {c.message_count}{' '}
                    {c.message_count === 1 ? 'message' : 'messages'}
                  </span>
                  {c.last_message ? <p className={styles.preview}>{c.last_message.text}</p> : null}
                </li>
              ))}
            </ul>
          )}
          {hasMore && !error && !loading && !(filters.status === 'needs_human' && needsPerson) ? (
            <Button
              variant="secondary"
              busy={loadingMore}
              busyLabel="Loading..."
              onClick={() => onLoadMore?.()}
            >
              {inboxTexts.loadMore}
            </Button>
          ) : null}
        </div>
        <div className={styles.threadPane}>{thread}</div>
      </div>
    </section>
  );
}
