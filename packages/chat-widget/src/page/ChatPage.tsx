import { useRef, useState } from 'react';
import type { ChatWidgetConfig } from '../config';
import type { ChatLabels } from '../i18n';
import { streamChat, type ListenConversation, type StreamChat } from '../runtime';
import type { StorageLike } from '../store';
import { Chat } from '../Widget';
import type { PersonClient } from '../handoff';

export interface ChatPageProps {
  config: ChatWidgetConfig;
  labels: ChatLabels;
  /** Where the conversation is kept across reloads (null: this page view only). */
  storage: StorageLike | null;
  /** Defaults to the real SSE client. */
  stream?: StreamChat;
  /** A member's live replies (human takeover): the page's entry passes the real event stream. */
  listen?: ListenConversation;
  /** 'Talk to a person' (the page's entry passes the agent's own API). */
  person?: PersonClient;
}

/**
 * The public chat page's UI: the widget's conversation filling the page, in a `<main>` landmark,
 * with the agent's name as its h1 and the same polite live region for replies.
 */
export function ChatPage({
  config,
  labels,
  storage,
  stream = streamChat,
  listen,
  person,
}: ChatPageProps) {
  const [announcement, setAnnouncement] = useState('');
  const panelRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  return (
    <main className="root page">
      <Chat
        page
        open
        config={config}
        labels={labels}
        storage={storage}
        stream={stream}
        listen={listen}
        person={person}
        announce={setAnnouncement}
        panelRef={panelRef as never}
        inputRef={inputRef as never}
      />
      <div className="sr" role="status" aria-live="polite" aria-atomic="true">
        {announcement}
      </div>
    </main>
  );
}
