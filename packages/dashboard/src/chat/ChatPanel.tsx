import {
  memo,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { Badge, Banner, Button, EmptyState, IconButton } from '@parley/ui';
import type { ChatMessage } from './chatSession';
import type { ChatSendBlock } from './useChat';
import { renderMarkdown } from './markdown';
import { CloseIcon, SendIcon, StopIcon } from './chatIcons';
import { ToolStepList } from './ToolStepList';
import * as styles from './chat.css';

/** The spec's texts for the chat side panel (agents-and-knowledge §2 Chat side panel). */
export const chatTexts = {
  title: (agentName: string) => `${agentName} Assistant`,
  emptyTitle: 'Start a conversation',
  emptyHint: 'Test your chatbot by sending a message below',
  placeholder: 'Type your message here...',
  thinking: 'Thinking...',
  clear: 'Clear',
  send: 'Send',
  stop: 'Stop',
  you: 'You',
  inputLabel: 'Message',
  offlineBadge: 'Offline responder',
  offlineNote:
    'No language model answered: the offline responder replied from the agent’s knowledge.',
  stopped: 'Stopped before the answer was complete.',
} as const;

export interface ChatPanelProps {
  /** Display name of the agent: the title reads '{agentName} Assistant'. */
  agentName: string;
  messages: ChatMessage[];
  /** A reply is on its way: sending is blocked and Stop is offered. */
  pending?: boolean;
  /** Waiting for the first text of the reply: shows 'Thinking...'. */
  thinking?: boolean;
  /** Called with the text; return a block reason to keep the text in the box. */
  onSend: (text: string) => ChatSendBlock | null | void;
  /** Starts a new conversation. */
  onClear: () => void;
  /** Stops the reply being received. */
  onStop?: () => void;
  /** Shows a close button in the header (full chrome). */
  onClose?: () => void;
  /**
   * 'full' (default): own header with the title, Clear and close. 'bare': only a tool row with
   * Clear, for a container that shows the title and close itself (the Drawer).
   */
  chrome?: 'full' | 'bare';
  /** Level of the title heading in the full chrome (default 2). */
  headingLevel?: 1 | 2 | 3;
  /** Blocks sending (no agent, or an agent without API); say why in `notice`. */
  disabled?: boolean;
  /** More actions beside Clear (e.g. 'Make a test' of this conversation). */
  actions?: ReactNode;
  /** A message above the conversation, e.g. why the chat cannot be used. */
  notice?: ReactNode;
  /** Shown once above the conversation while the latest answer came from the offline responder. */
  offlineNotice?: ReactNode;
  className?: string;
}

const timeFormat = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });
function formatTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : timeFormat.format(date);
}

interface MessageItemProps {
  message: ChatMessage;
  agentName: string;
}

/** One message; bot text is markdown rendered safely (see markdown.ts). */
const MessageItem = memo(function MessageItem({ message, agentName }: MessageItemProps) {
  const isBot = message.type === 'bot';
  const html = useMemo(
    () => (isBot && !message.error ? renderMarkdown(message.message) : null),
    [isBot, message.error, message.message],
  );
  const time = formatTime(message.timestamp);
  return (
    <li
      className={styles.item}
      data-type={message.type}
      data-error={message.error ? 'true' : undefined}
      data-offline={message.offline ? 'true' : undefined}
      data-streaming={message.streaming ? 'true' : undefined}
    >
      <div className={styles.meta}>
        <span className={styles.sender}>{isBot ? agentName : chatTexts.you}</span>
        {time ? <time dateTime={message.timestamp}>{time}</time> : null}
        {message.offline ? <Badge tone="warning">{chatTexts.offlineBadge}</Badge> : null}
      </div>
      <div className={styles.bubble}>
        {html !== null ? (
          // Sanitized by DOMPurify in renderMarkdown.
          <div className={styles.markdown} dangerouslySetInnerHTML={{ __html: html }} />
        ) : (
          message.message
        )}
        {message.streaming ? <span className={styles.caret} aria-hidden="true" /> : null}
      </div>
      {message.toolSteps?.length ? <ToolStepList steps={message.toolSteps} /> : null}
      {message.error && message.errorDetail ? (
        <p className={styles.note}>{message.errorDetail}</p>
      ) : null}
      {message.offline ? <p className={styles.note}>{chatTexts.offlineNote}</p> : null}
      {message.stopped ? <p className={styles.note}>{chatTexts.stopped}</p> : null}
    </li>
  );
});

/**
 * The chat test panel: the conversation (auto-scrolling, bot answers as safe markdown, answers
 * of the offline responder clearly marked), 'Thinking...' while waiting, and a message box where
 * Enter sends and Shift+Enter starts a new line.
 */
export function ChatPanel({
  agentName,
  messages,
  pending = false,
  thinking = false,
  onSend,
  onClear,
  onStop,
  onClose,
  chrome = 'full',
  headingLevel = 2,
  disabled = false,
  notice,
  actions,
  offlineNotice,
  className,
}: ChatPanelProps) {
  const [text, setText] = useState('');
  const inputId = useId();
  const logRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  // Follow new text unless the reader scrolled up to read something earlier.
  const stickToBottom = useRef(true);

  useLayoutEffect(() => {
    const log = logRef.current;
    if (log && stickToBottom.current) log.scrollTop = log.scrollHeight;
  }, [messages, thinking]);

  const canSend = !disabled && !pending && text.trim() !== '';
  const submit = () => {
    if (!canSend) return;
    const blocked = onSend(text);
    if (blocked) return;
    stickToBottom.current = true;
    setText('');
    inputRef.current?.focus();
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  };

  const lastBot = [...messages].reverse().find((m) => m.type === 'bot' && !m.streaming);
  // The offline notice can be dismissed; it comes back for a later offline answer.
  const [dismissedOfflineFor, setDismissedOfflineFor] = useState<string | null>(null);
  const showOffline =
    Boolean(offlineNotice) && lastBot?.offline === true && dismissedOfflineFor !== lastBot.id;
  const title = chatTexts.title(agentName);
  const Heading = `h${headingLevel}` as const;
  const clearButton = (
    <Button
      variant="ghost"
      size="sm"
      onClick={onClear}
      disabled={messages.length === 0 && !pending}
    >
      {chatTexts.clear}
    </Button>
  );

  return (
    <section className={[styles.panel, className].filter(Boolean).join(' ')} data-chrome={chrome}>
      {chrome === 'full' ? (
        <header className={styles.header}>
          <Heading className={styles.title}>{title}</Heading>
          {actions}
          {clearButton}
          {onClose ? <IconButton label="Close" icon={<CloseIcon />} onClick={onClose} /> : null}
        </header>
      ) : (
        <div className={styles.toolbar}>
          {actions}
          {clearButton}
        </div>
      )}
      {notice || showOffline ? (
        <div className={styles.notices}>
          {notice}
          {showOffline ? (
            <Banner
              tone="warning"
              title={chatTexts.offlineBadge}
              message={offlineNotice}
              dismissible
              onDismiss={() => setDismissedOfflineFor(lastBot?.id ?? null)}
            />
          ) : null}
        </div>
      ) : null}
      <div
        ref={logRef}
        className={styles.log}
        role="log"
        aria-label={`Conversation with ${agentName}`}
        aria-busy={pending || undefined}
        tabIndex={0}
        onScroll={(event) => {
          const el = event.currentTarget;
          stickToBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 48;
        }}
      >
        {messages.length === 0 && !pending ? (
          <EmptyState
            className={styles.empty}
            title={chatTexts.emptyTitle}
            hint={chatTexts.emptyHint}
          />
        ) : (
          <ol className={styles.list}>
            {messages.map((message) => (
              <MessageItem key={message.id} message={message} agentName={agentName} />
            ))}
            {thinking ? (
              <li className={styles.item} data-type="bot">
                <span className={styles.thinking} role="status">
                  <span className={styles.dots} aria-hidden="true">
                    <span className={styles.dot} />
                    <span className={styles.dot} />
                    <span className={styles.dot} />
                  </span>
                  {chatTexts.thinking}
                </span>
              </li>
            ) : null}
          </ol>
        )}
      </div>
      <form className={styles.composer} onSubmit={onSubmit}>
        <label htmlFor={inputId} className={styles.visuallyHidden}>
          {chatTexts.inputLabel}
        </label>
        <textarea
          ref={inputRef}
          id={inputId}
          className={styles.input}
          rows={1}
          value={text}
          placeholder={chatTexts.placeholder}
          disabled={disabled}
          enterKeyHint="send"
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
        />
        {pending && onStop ? (
          <Button variant="secondary" icon={<StopIcon />} onClick={onStop}>
            {chatTexts.stop}
          </Button>
        ) : (
          <Button type="submit" icon={<SendIcon />} disabled={!canSend}>
            {chatTexts.send}
          </Button>
        )}
      </form>
    </section>
  );
}
