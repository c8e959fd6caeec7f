import type { ReactNode } from 'react';
import { Banner, Drawer } from '@parley/ui';
import { ChatPanel, chatTexts, type ChatPanelProps } from './ChatPanel';
import { chatPanelProps, useChat } from './useChat';
import * as styles from './chat.css';

export interface ChatDrawerProps extends Omit<
  ChatPanelProps,
  'chrome' | 'onClose' | 'headingLevel'
> {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** What the console says when the latest answer came from the offline responder. */
export const offlineConsoleNotice =
  'This agent has no API key for its model provider, so the offline responder answers from the agent’s knowledge. Add the key in the Model section to get model answers.';

/** Why the console cannot chat with an agent that has no agent URL or key. */
export const chatNotConfiguredText = {
  title: 'Chat is not available for this agent',
  message:
    'This agent has no agent URL or API key (chatbot_api / chatbot_key), so there is nothing to send messages to. Set them in the Model section, then try again.',
} as const;

/**
 * The chat test panel as a right-hand drawer titled '{agent} Assistant' (the Drawer gives the
 * title and the close button; the panel adds Clear). A view: messages and events come in as props.
 */
export function ChatDrawer({ open, onOpenChange, agentName, ...panel }: ChatDrawerProps) {
  return (
    <Drawer open={open} onOpenChange={onOpenChange} title={chatTexts.title(agentName)}>
      <ChatPanel {...panel} agentName={agentName} chrome="bare" className={styles.drawerPanel} />
    </Drawer>
  );
}

export interface AgentChatDrawerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  agentId: string;
  /** Display name (title '{agentName} Assistant'). */
  agentName: string;
  /** The agent's chatbot_api and chatbot_key; without them the drawer says so plainly. */
  apiUrl?: string | null;
  apiKey?: string | null;
  /** The runtime's `user` (the signed-in user). */
  user: string;
  /** Actions on the current conversation once it has one (e.g. 'Make a test'). */
  conversationActions?: (conversationId: string) => ReactNode;
  /**
   * The console's test chat (docs/versions.md): its endpoint base (POST {apiUrl}/chat-messages,
   * the signed-in session; `apiKey` names the agent), the version that answers — the draft, or
   * the live one — and what the drawer says about it (shown above the messages).
   */
  testChat?: { apiUrl: string; version: 'draft' | 'live'; bar?: ReactNode };
}

/**
 * The drawer wired to the agent runtime with `useChat`: streaming answers, Stop, Clear, and the
 * conversation kept in localStorage per agent. Keep it mounted while the page is open (only the
 * Drawer's content unmounts when closed), so a closed drawer keeps its conversation.
 */
export function AgentChatDrawer({
  open,
  onOpenChange,
  agentId,
  agentName,
  apiUrl,
  apiKey,
  user,
  conversationActions,
  testChat,
}: AgentChatDrawerProps) {
  const chat = useChat({
    apiUrl: testChat ? testChat.apiUrl : apiUrl,
    apiKey,
    // The draft's and the live version's conversations are kept apart.
    agentId: testChat?.version === 'live' ? `${agentId}.live` : agentId,
    user,
    ...(testChat ? { query: { version: testChat.version } } : {}),
  });
  return (
    <ChatDrawer
      open={open}
      onOpenChange={onOpenChange}
      agentName={agentName}
      {...chatPanelProps(chat)}
      actions={
        conversationActions && chat.conversationId && !chat.pending
          ? conversationActions(chat.conversationId)
          : undefined
      }
      disabled={!chat.configured}
      offlineNotice={offlineConsoleNotice}
      notice={
        chat.configured ? (
          testChat?.bar
        ) : (
          <>
            {testChat?.bar}
            <Banner
              tone="warning"
              title={chatNotConfiguredText.title}
              message={chatNotConfiguredText.message}
            />
          </>
        )
      }
    />
  );
}
