import { useState, type ReactNode } from 'react';
import { Badge, Banner, Button, TextArea } from '@parley/ui';
import type { MailMessage, MailThread } from '@parley/api-client';
import { authorLabel, conversationOrder, mailStatusLabel } from './mailboxList';
import * as styles from './email.css';
import { StoredToolSteps } from '../chat';
import { channelStyles as channel, formatWhen } from '../channels';

export interface MailConversationViewProps {
  thread: MailThread;
  onBack: () => void;
  /** The draft being sent or discarded. */
  busyDraftId?: string | null;
  error?: string | null;
  /** Sends the agent's draft, edited when `text` is given. */
  onSendDraft: (draft: MailMessage, text?: string) => void;
  onDiscardDraft: (draft: MailMessage) => void;
  /** 'Make a test' of this thread (when it has an agent). */
  makeTest?: ReactNode;
}

function DraftActions(props: {
  draft: MailMessage;
  busy: boolean;
  onSend: (text?: string) => void;
  onDiscard: () => void;
}) {
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(props.draft.text);
  return (
    <div className={channel.form}>
      {editing ? (
        <TextArea label="Edit the reply" rows={6} value={text} onChange={setText} />
      ) : null}
      <div className={channel.rowActions}>
        <Button
          size="sm"
          busy={props.busy}
          busyLabel="Sending..."
          disabled={editing && !text.trim()}
          onClick={() => props.onSend(editing ? text : undefined)}
        >
          {editing ? 'Send Edited Reply' : 'Send Draft'}
        </Button>
        {editing ? null : (
          <Button
            size="sm"
            variant="secondary"
            disabled={props.busy}
            onClick={() => setEditing(true)}
          >
            Edit
          </Button>
        )}
        <Button size="sm" variant="ghost" disabled={props.busy} onClick={props.onDiscard}>
          Discard
        </Button>
      </div>
    </div>
  );
}

/**
 * One thread read as a conversation (oldest first): the correspondent's mail, the agent's
 * replies (a draft waits for a member to send, edit or discard it), what the console sent, and
 * why a mail was not answered (auto-reply, bulk, bounce, loop limit).
 */
export function MailConversationView(props: MailConversationViewProps) {
  const { thread } = props;
  return (
    <section className={channel.form} aria-labelledby={`thread-${thread.id}`}>
      <div className={channel.header}>
        <div>
          <h2 id={`thread-${thread.id}`} className={channel.threadHeading}>
            {thread.subject || '(no subject)'}
          </h2>
          <p className={channel.muted}>
            {thread.end_user} ↔ {thread.mailbox}
          </p>
        </div>
        <Button variant="secondary" onClick={props.onBack}>
          Back to threads
        </Button>
      </div>
      {props.error ? <Banner key={props.error} tone="error" title={props.error} /> : null}
      {props.makeTest}
      <ol className={channel.messages} aria-label={`Conversation with ${thread.end_user}`}>
        {conversationOrder(thread).map((m) => (
          <li
            key={m.id}
            className={[
              channel.message,
              m.direction === 'inbound' ? channel.inbound : channel.outbound,
            ].join(' ')}
            aria-label={`${authorLabel(m.author)}: ${m.subject}`}
          >
            <div className={channel.meta}>
              <Badge tone={m.direction === 'inbound' ? 'neutral' : 'primary'}>
                {authorLabel(m.author)}
              </Badge>
              <span className={styles.address}>
                {m.from} → {m.to}
              </span>
              <time dateTime={m.created_at}>{formatWhen(m.created_at)}</time>
              <Badge
                tone={
                  m.status === 'draft' ? 'warning' : m.status === 'failed' ? 'danger' : 'neutral'
                }
              >
                {mailStatusLabel(m.status)}
              </Badge>
              {m.offline ? <Badge tone="warning">Offline responder</Badge> : null}
            </div>
            <p className={channel.meta}>{m.subject}</p>
            <p className={channel.text}>{m.text}</p>
            {m.not_answered ? <p className={channel.meta}>Not answered: {m.not_answered}</p> : null}
            {m.error ? <p className={channel.meta}>{m.error}</p> : null}
            <StoredToolSteps messageId={m.id} steps={m.tool_steps} />
            {m.status === 'draft' ? (
              <DraftActions
                draft={m}
                busy={props.busyDraftId === m.id}
                onSend={(text) => props.onSendDraft(m, text)}
                onDiscard={() => props.onDiscardDraft(m)}
              />
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
