import { useEffect, useMemo, useState } from 'react';
import { Banner } from '@parley/ui';
import type { FetchLike } from '@parley/api-client';
import { ChatPanel, chatTexts } from './ChatPanel';
import { newMessageId, type ChatMessage } from './chatSession';
import { chatPanelProps, useChat } from './useChat';
import { publicChatName, readPublicChatParams } from './publicChatParams';
import * as styles from './chat.css';

export interface PublicChatPageProps {
  /** From the route /chatbot/{agentId}. */
  agentId: string;
  /** The location's query string: api_url, api_key, initial_message, name. */
  search: string;
  /** For tests; default: global fetch. */
  fetch?: FetchLike;
  /**
   * Render inside a `<main>` landmark (default). Turn off where the page sits inside a layout
   * that has its own main (e.g. a preview beside other pages).
   */
  landmark?: boolean;
}

export const publicChatErrorText = {
  title: 'This chat link is incomplete',
  hint: 'Ask the owner of this agent for a new link.',
} as const;

/**
 * The public chat page for /chatbot/{agentId} (no login): a full-height chat with the agent at
 * api_url with api_key, opened with initial_message as the agent's first message. Works on a
 * phone-sized screen. The conversation is not stored (visitors may share a device).
 */
export function PublicChatPage({ agentId, search, fetch, landmark = true }: PublicChatPageProps) {
  const Root = landmark ? 'main' : 'div';
  const params = useMemo(() => readPublicChatParams(search), [search]);
  const name = publicChatName(agentId, params.name);
  const [user] = useState(() => newMessageId('user').replace(/^user-/, 'visitor-'));
  const [initialMessages] = useState<ChatMessage[]>(() =>
    params.initialMessage
      ? [
          {
            id: 'initial-message',
            type: 'bot',
            message: params.initialMessage,
            timestamp: new Date().toISOString(),
          },
        ]
      : [],
  );
  const chat = useChat({
    apiUrl: params.apiUrl,
    apiKey: params.apiKey,
    agentId,
    user,
    initialMessages,
    persist: false,
    fetch,
  });

  useEffect(() => {
    document.title = chatTexts.title(name);
  }, [name]);

  if (params.problems.length > 0) {
    return (
      <Root className={styles.page}>
        <div className={styles.pageError}>
          <h1 className={styles.pageHeading}>{chatTexts.title(name)}</h1>
          <Banner tone="error" title={publicChatErrorText.title} message={publicChatErrorText.hint}>
            <ul>
              {params.problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          </Banner>
        </div>
      </Root>
    );
  }

  return (
    <Root className={styles.page}>
      <ChatPanel
        className={styles.pageCard}
        headingLevel={1}
        agentName={name}
        {...chatPanelProps(chat)}
      />
    </Root>
  );
}
