import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type FormEvent,
  type KeyboardEvent,
  type RefObject,
} from 'react';
import type { ChatWidgetConfig } from './config';
import type { ChatLabels } from './i18n';
import { Markdown, plainText } from './markdown';
import { replyErrorText, type ListenConversation, type StreamChat } from './runtime';
import { isOfflineAnswer, visitorText } from './visitorText';
import type { PersonClient } from './handoff';
import { TalkToPerson } from './TalkToPerson';
import { usePerson } from './usePerson';
import {
  clearedConversation,
  loadConversation,
  newId,
  saveConversation,
  storageKey,
  type ChatMessage,
  type StorageLike,
  type StoredConversation,
} from './store';

/** How the page's commands (window.ParleyChat) reach the mounted widget. */
export interface WidgetController {
  setOpen?: (open: boolean | ((open: boolean) => boolean)) => void;
}

export interface WidgetProps {
  config: ChatWidgetConfig;
  labels: ChatLabels;
  storage: StorageLike | null;
  stream: StreamChat;
  /** Live member replies (human takeover); none in stories and tests unless given. */
  listen?: ListenConversation;
  /** 'Talk to a person': the agent's offer and the request; none: no button. */
  person?: PersonClient;
  controller: WidgetController;
  /** Start open (stories and tests). */
  initiallyOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
}

interface Pending {
  text: string;
}

const ChatIcon = () => (
  <svg viewBox="0 0 24 24" aria-hidden="true">
    <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20.5l1.4-4.9A8 8 0 1 1 21 12z" />
  </svg>
);
const CloseIcon = () => (
  <svg viewBox="0 0 24 24" aria-hidden="true">
    <path d="M6 6l12 12M18 6L6 18" />
  </svg>
);
const SendIcon = () => (
  <svg viewBox="0 0 24 24" aria-hidden="true">
    <path d="M4 12l16-8-6 16-2.5-6.5z" />
  </svg>
);

/** Is the focused element of this shadow root (or document) inside `el`? */
function focusInside(el: HTMLElement | null): boolean {
  if (!el) return false;
  const root = el.getRootNode() as ShadowRoot | Document;
  const active = root.activeElement;
  return !!active && el.contains(active);
}

/**
 * The chat widget: a launcher button and a panel with the agent's name, the greeting, the
 * conversation (kept per agent in localStorage), streaming replies, Clear and close.
 *
 * Until the first open only the launcher is rendered: the conversation is read from storage and
 * the panel (messages, markdown, replies) rendered from the first open on. That state then lives
 * on while the panel is closed, so a reply still streaming lands in the conversation.
 */
export function Widget({
  config,
  labels,
  storage,
  stream,
  listen,
  person,
  controller,
  initiallyOpen = false,
  onOpenChange,
}: WidgetProps) {
  // `started`: opened at least once (the panel's state lives from then on).
  const [view, setView] = useState({ open: initiallyOpen, started: initiallyOpen });
  const { open } = view;
  const [announcement, setAnnouncement] = useState('');

  const launcherRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  /** Where focus goes after an open/close: into the panel, back to the launcher, or nowhere. */
  const focusNext = useRef<'panel' | 'launcher' | null>(null);

  const setOpen = useCallback((value: boolean | ((open: boolean) => boolean)) => {
    setView((was) => {
      const next = typeof value === 'function' ? value(was.open) : value;
      if (next === was.open) return was;
      if (next) focusNext.current = 'panel';
      else if (focusInside(panelRef.current)) focusNext.current = 'launcher';
      return { open: next, started: true };
    });
  }, []);

  // A layout effect runs during the (synchronous) first render, so commands work right away.
  useLayoutEffect(() => {
    controller.setOpen = setOpen;
    return () => {
      controller.setOpen = undefined;
    };
  }, [controller, setOpen]);

  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    onOpenChange?.(open);
    const target = focusNext.current;
    focusNext.current = null;
    if (open && target === 'panel') inputRef.current?.focus();
    if (!open && target === 'launcher') launcherRef.current?.focus();
  }, [open, onOpenChange]);

  const close = useCallback(() => {
    focusNext.current = 'launcher';
    setView((was) => ({ ...was, open: false }));
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' && open) {
      event.stopPropagation();
      close();
    }
  };

  return (
    <div
      className={`root${config.position === 'bottom-left' ? ' left' : ''}${open ? ' open' : ''}`}
      onKeyDown={onKeyDown}
    >
      {view.started && (
        <Chat
          config={config}
          labels={labels}
          storage={storage}
          stream={stream}
          listen={listen}
          person={person}
          open={open}
          onClose={close}
          announce={setAnnouncement}
          panelRef={panelRef}
          inputRef={inputRef}
        />
      )}
      <div className="sr" role="status" aria-live="polite" aria-atomic="true">
        {announcement}
      </div>
      <button
        ref={launcherRef}
        type="button"
        className="launcher"
        aria-label={open ? labels.closeChat : labels.openChat}
        aria-expanded={open}
        aria-controls={open ? 'pw-panel' : undefined}
        onClick={() => setOpen((o) => !o)}
      >
        {open ? <CloseIcon /> : <ChatIcon />}
      </button>
    </div>
  );
}

export interface ChatProps extends Pick<
  WidgetProps,
  'config' | 'labels' | 'storage' | 'stream' | 'listen' | 'person'
> {
  open: boolean;
  /** Without it (the full-page chat) there is no close button. */
  onClose?: () => void;
  /**
   * The public chat page (/chatbot/{id}): the conversation fills the page, the agent's name is
   * the page's h1 and reply headings are real headings (h2–h6) below it.
   */
  page?: boolean;
  /** Sets the polite live region's text. */
  announce: (text: string) => void;
  panelRef: RefObject<HTMLDivElement>;
  inputRef: RefObject<HTMLTextAreaElement>;
}

/**
 * The conversation and the panel (rendered while open), from the widget's first open on; also
 * the public chat page's whole UI (`page`).
 */
export function Chat({
  config,
  labels,
  storage,
  stream,
  listen,
  person,
  open,
  onClose,
  page = false,
  announce,
  panelRef,
  inputRef,
}: ChatProps) {
  const key = storageKey(config.agentUrl, config.agentKey);
  const [conversation, setConversation] = useState<StoredConversation>(() =>
    loadConversation(storage, key),
  );
  const [pending, setPending] = useState<Pending | null>(null);
  const [draft, setDraft] = useState('');

  const conversationRef = useRef(conversation);
  const abortRef = useRef<AbortController | null>(null);
  const logRef = useRef<HTMLDivElement>(null);

  const commit = useCallback(
    (next: StoredConversation) => {
      conversationRef.current = next;
      setConversation(next);
      saveConversation(storage, key, next);
    },
    [storage, key],
  );

  // A reply still streaming when the widget goes away is cancelled.
  useEffect(() => () => abortRef.current?.abort(), []);

  // While open, a member's reply (human takeover) arrives live over the conversation's events.
  const liveId = open && listen ? conversation.conversationId : '';
  useEffect(() => {
    if (!liveId || !listen) return;
    const stop = new AbortController();
    const onMemberMessage = (id: string, text: string, memberName: string | null) => {
      const now = conversationRef.current;
      if (now.conversationId !== liveId || now.messages.some((m) => m.id === id)) return;
      commit({
        ...now,
        messages: [
          ...now.messages,
          { id, type: 'bot', message: text, timestamp: Date.now(), member: memberName ?? '' },
        ],
      });
      announce(
        `${memberName ? `${memberName} · ${labels.team}` : labels.team}: ${plainText(visitorText(text))}`,
      );
    };
    const run = (attempt: number): void => {
      void listen({
        agentUrl: config.agentUrl,
        agentKey: config.agentKey,
        user: conversationRef.current.user,
        conversationId: liveId,
        signal: stop.signal,
        onMemberMessage,
      })
        .catch(() => undefined)
        .then(() => {
          // The stream ended (a restart, a proxy): listen again, waiting longer each time.
          if (!stop.signal.aborted && attempt < 5)
            setTimeout(() => run(attempt + 1), 2000 * 2 ** attempt);
        });
    };
    run(0);
    return () => stop.abort();
  }, [liveId, listen, config.agentUrl, config.agentKey, commit, announce, labels.team]);

  // Keep the newest message in view.
  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [open, conversation, pending]);

  const send = async (query: string) => {
    const text = query.trim();
    if (!text || abortRef.current) return;
    const before = conversationRef.current;
    const userMessage: ChatMessage = {
      id: newId('m'),
      type: 'user',
      message: text,
      timestamp: Date.now(),
    };
    commit({ ...before, messages: [...before.messages, userMessage] });
    setDraft('');
    setPending({ text: '' });
    announce(labels.thinking);
    const abort = new AbortController();
    abortRef.current = abort;
    try {
      const result = await stream({
        agentUrl: config.agentUrl,
        agentKey: config.agentKey,
        query: text,
        user: before.user,
        conversationId: before.conversationId || undefined,
        signal: abort.signal,
        onDelta: (_delta, soFar) => {
          if (!abort.signal.aborted) setPending({ text: soFar });
        },
      });
      const reply: ChatMessage = {
        id: result.messageId || newId('m'),
        type: 'bot',
        message: result.answer,
        timestamp: Date.now(),
        ...(result.offline ? { offline: true } : {}),
      };
      if (!abort.signal.aborted) {
        const now = conversationRef.current;
        commit({
          ...now,
          conversationId: result.conversationId || now.conversationId,
          messages: [...now.messages, reply],
        });
        announce(plainText(visitorText(result.answer)) || labels.offline);
      }
    } catch (error) {
      const shown = abort.signal.aborted
        ? null
        : replyErrorText(error, labels.error, labels.notAllowed);
      if (shown) {
        console.warn('[Parley chat] reply failed:', error);
        const now = conversationRef.current;
        commit({
          ...now,
          messages: [
            ...now.messages,
            { id: newId('m'), type: 'bot', message: shown, timestamp: Date.now(), error: true },
          ],
        });
        announce(shown);
      }
    } finally {
      if (abortRef.current === abort) {
        abortRef.current = null;
        setPending(null);
      }
    }
  };

  const talk = usePerson({
    config,
    labels,
    person,
    open,
    conversationRef,
    commit,
    send,
    announce,
    busy: pending !== null,
  });

  const clear = () => {
    talk.reset();
    abortRef.current?.abort();
    abortRef.current = null;
    setPending(null);
    announce('');
    commit(clearedConversation(conversationRef.current));
    inputRef.current?.focus();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void send(draft);
  };

  const onInputKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
      event.preventDefault();
      void send(draft);
    }
  };

  if (!open) return null;
  const busy = pending !== null;
  const greeting = config.greeting ?? labels.greeting;
  const Title = page ? 'h1' : 'h2';
  const headings = page ? 2 : undefined;

  return (
    <div
      ref={panelRef}
      className="panel"
      id="pw-panel"
      role={page ? undefined : 'dialog'}
      aria-labelledby="pw-title"
    >
      <div className="head">
        <Title className="title" id="pw-title">
          {config.agentName}
        </Title>
        <button type="button" className="hbtn" onClick={clear}>
          {labels.clear}
        </button>
        {onClose && (
          <button type="button" className="hbtn" aria-label={labels.close} onClick={onClose}>
            <CloseIcon />
          </button>
        )}
      </div>
      <div ref={logRef} className="log" role="region" aria-label={labels.conversation}>
        <div className="msg bot md">
          <span className="sr">{config.agentName}: </span>
          <Markdown text={greeting} headings={headings} />
        </div>
        {conversation.messages.map((m) =>
          m.type === 'user' ? (
            <div key={m.id} className="msg user">
              <span className="sr">{labels.you}: </span>
              {m.message}
            </div>
          ) : (
            <div key={m.id} className={`msg bot md${m.error ? ' err' : ''}`}>
              {m.member !== undefined ? (
                // A person of the team wrote it, not the agent: said, with their first name.
                <span className="who">
                  {m.member ? `${m.member} · ${labels.team}` : labels.team}
                  <span className="sr">: </span>
                </span>
              ) : (
                <span className="sr">{config.agentName}: </span>
              )}
              {m.error ? m.message : <Markdown text={visitorText(m.message)} headings={headings} />}
              {(m.offline || isOfflineAnswer(m.message)) && (
                <span className="note">{labels.offline}</span>
              )}
            </div>
          ),
        )}
        {pending &&
          (visitorText(pending.text) ? (
            <div className="msg bot md" aria-busy="true">
              <span className="sr">{config.agentName}: </span>
              <Markdown text={visitorText(pending.text)} headings={headings} />
            </div>
          ) : (
            <div className="msg bot thinking">{labels.thinking}</div>
          ))}
      </div>
      <TalkToPerson state={talk.state} labels={labels} onAsk={() => void talk.ask()} />
      <form className="form" onSubmit={onSubmit}>
        <textarea
          ref={inputRef}
          className="input"
          rows={1}
          aria-label={labels.message}
          placeholder={labels.placeholder}
          value={draft}
          onInput={(e) => setDraft((e.target as HTMLTextAreaElement).value)}
          onKeyDown={onInputKeyDown}
        />
        <button
          type="submit"
          className="send"
          aria-label={labels.send}
          disabled={busy || !draft.trim()}
        >
          <SendIcon />
        </button>
      </form>
    </div>
  );
}
