// The chat feature: the test drawer, the public page and the logic under them (exported by name).
export { ChatPanel, chatTexts } from './ChatPanel';
export type { ChatPanelProps } from './ChatPanel';
export {
  ChatDrawer,
  AgentChatDrawer,
  offlineConsoleNotice,
  chatNotConfiguredText,
} from './ChatDrawer';
export type { ChatDrawerProps, AgentChatDrawerProps } from './ChatDrawer';
export { PublicChatPage, publicChatErrorText } from './PublicChatPage';
export type { PublicChatPageProps } from './PublicChatPage';
export { useChat } from './useChat';
export type { UseChatOptions, UseChatResult, ChatSendBlock } from './useChat';
export {
  chatReducer,
  initialChatState,
  isThinking,
  sendBlock,
  chatStorageKey,
  chatStorageKeyPrefix,
  loadChat,
  saveChat,
  clearChat,
  chatFailedText,
  runtimeBaseUrl,
} from './chatSession';
export type { ChatMessage, ChatState, ChatAction, SendBlock, StoredChat } from './chatSession';
export { renderMarkdown } from './markdown';
export { readPublicChatParams, publicChatName, publicChatLink } from './publicChatParams';
export type { PublicChatParams } from './publicChatParams';
export { StoredToolSteps, ToolStepList } from './ToolStepList';
export type { ToolStepListProps } from './ToolStepList';
export { ChatIcon } from './chatIcons';
