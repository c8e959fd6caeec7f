import { useEffect, useState } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { conversationsKeys, refreshLists } from './queries';
import { readInboxEvent, useInboxEventsUrl } from '../api/clients/inboxEvents';

/** How often an inbox whose live stream is connected still reads its list again (a fallback). */
export const inboxFallbackMs = 60_000;

/** Events arriving within this many ms are read again as one (a burst of messages). */
export const inboxEventBatchMs = 250;

export interface InboxEventsOptions {
  /** The EventSource to use (tests pass a fake); none in this environment → never connected. */
  EventSource?: typeof EventSource;
  batchMs?: number;
}

/** The lists, and the threads of the conversations that changed. */
function refresh(qc: QueryClient, ids: Set<string>) {
  void refreshLists(qc);
  for (const id of ids) void qc.invalidateQueries({ queryKey: conversationsKeys.thread(id) });
}

/**
 * The organization's inbox, live: listens on GET /api/conversations/events (the session's cookie)
 * and, on each announced change, has the conversation lists (and that conversation's thread, when
 * it is open) read again. Returns whether the stream is connected, so the lists poll only as a
 * slow fallback meanwhile. When the stream is unavailable nothing is shown: the lists keep their
 * regular re-reads (the browser's EventSource retries by itself; after a reconnection the lists
 * are read again, since events may have been missed).
 */
export function useInboxEvents(orgId: string | undefined, options: InboxEventsOptions = {}) {
  const qc = useQueryClient();
  const [connected, setConnected] = useState(false);
  const Source = options.EventSource ?? globalThis.EventSource;
  const batchMs = options.batchMs ?? inboxEventBatchMs;
  const url = useInboxEventsUrl(orgId ?? '');

  useEffect(() => {
    if (!orgId || !Source) return undefined;
    const source = new Source(url);
    let readyBefore = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ids = new Set<string>();
    const flush = () => {
      timer = undefined;
      const changed = new Set(ids);
      ids.clear();
      refresh(qc, changed);
    };
    source.onmessage = (message: MessageEvent<string>) => {
      const event = readInboxEvent(message.data);
      if (!event) return;
      if (event.event === 'ready') {
        setConnected(true);
        if (readyBefore) refresh(qc, new Set());
        readyBefore = true;
        return;
      }
      ids.add(event.conversation_id);
      timer ??= setTimeout(flush, batchMs);
    };
    source.onerror = () => setConnected(false);
    return () => {
      source.close();
      if (timer) clearTimeout(timer);
      setConnected(false);
    };
  }, [orgId, url, Source, batchMs, qc]);

  return connected;
}
