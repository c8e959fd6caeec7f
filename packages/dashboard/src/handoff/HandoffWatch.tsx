import { useEffect, useRef, type MouseEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Badge } from '@parley/ui';
import { browserEnv, showNotification } from './browserNotifications';
import { handoffTexts, newlyWaiting } from './handoffFormat';
import { handoffKeys, useWaiting } from './queries';
import * as styles from './handoff.css';
import { readInboxEvent, useInboxEventsUrl } from '../api/clients/inboxEvents';

/** The waiting list is read again on these inbox events (a request, a takeover …). */
const rereadOn = new Set(['handoff', 'takeover', 'release', 'status']);

/**
 * Listens to the organization's inbox events (GET /api/conversations/events) and has the waiting
 * list read again when a conversation asks for a person or is taken over; without the stream the
 * list is read every minute.
 */
export function useWaitingEvents(
  orgId: string,
  options: { EventSource?: typeof EventSource } = {},
) {
  const qc = useQueryClient();
  const Source = options.EventSource ?? globalThis.EventSource;
  const url = useInboxEventsUrl(orgId);
  useEffect(() => {
    if (!Source) return undefined;
    const source = new Source(url);
    let timer: ReturnType<typeof setTimeout> | undefined;
    source.onmessage = (message: MessageEvent<string>) => {
      const event = readInboxEvent(message.data);
      if (!event || !rereadOn.has(event.event)) return;
      timer ??= setTimeout(() => {
        timer = undefined;
        void qc.invalidateQueries({ queryKey: handoffKeys.waiting(orgId) });
      }, 250);
    };
    return () => {
      source.close();
      if (timer) clearTimeout(timer);
    };
  }, [orgId, url, Source, qc]);
}

export interface HandoffWatchProps {
  orgId: string;
  /** Opens the inbox's Needs a person (or one conversation of it). */
  onOpen: (conversationId?: string) => void;
}

/**
 * In the navbar, wherever the member is in the console: how many conversations wait for a person
 * (a link to the inbox's Needs a person), and a browser notification for each new one when the
 * member turned them on (Needs a person → Turn on browser notifications).
 */
export default function HandoffWatch({ orgId, onOpen }: HandoffWatchProps) {
  useWaitingEvents(orgId);
  const waiting = useWaiting(orgId, 60_000);
  const seen = useRef<Set<string> | null>(null);
  const list = waiting.data?.conversations;
  useEffect(() => {
    if (!list) return;
    if (seen.current)
      for (const id of newlyWaiting(seen.current, list)) {
        const c = list.find((x) => x.id === id)!;
        showNotification(browserEnv(), {
          id,
          title: handoffTexts.notificationTitle,
          body: `${c.end_user || 'A visitor'}: ${c.handoff?.reason ?? ''}`.slice(0, 200),
          onOpen: () => onOpen(id),
        });
      }
    seen.current = new Set(list.map((c) => c.id));
  }, [list, onOpen]);
  const count = waiting.data?.count ?? 0;
  if (!count) return null;
  const follow = (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
    e.preventDefault();
    onOpen();
  };
  return (
    <a className={styles.watchLink} href="?view=conversations&status=needs_human" onClick={follow}>
      {handoffTexts.title} <Badge tone="danger">{count}</Badge>
    </a>
  );
}
