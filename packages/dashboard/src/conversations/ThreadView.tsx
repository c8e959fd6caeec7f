import { useEffect, useRef, type ReactNode } from 'react';
import { agentVersionName, type ConversationDetail, type ThreadMessage } from '@parley/api-client';
import {
  Badge,
  Banner,
  Button,
  Card,
  EmptyState,
  RetryBanner,
  Spinner,
  TextArea,
} from '@parley/ui';
import {
  authorLabel,
  authorRoleLabels,
  channelLabels,
  formatDuration,
  formatWhen,
  partyLabel,
  holdStateOf,
  humanReason,
  inboxTexts,
  replyKeyAction,
  statusLabels,
} from './inboxFormat';
import * as styles from './inbox.css';
import { StoredToolSteps } from '../chat/ToolStepList';
import { HandoffCard } from '../handoff';
import { OutcomeCard } from '../outcomes';

export interface ThreadViewProps {
  /** Null: nothing is selected (the placeholder). */
  conversation: ConversationDetail | null;
  loading?: boolean;
  error?: string | null;
  onRetry?: () => void;
  /** The signed-in member (who holds it decides whether the reply box is enabled). */
  myUserId?: string;
  onTakeover: () => void;
  onRelease: () => void;
  /** The hold action under way. */
  holdBusy?: 'takeover' | 'release' | null;
  holdError?: string | null;
  /** Closes (ends) a chat, SMS, WhatsApp or e-mail conversation; a call ends when it hangs up. */
  onEnd?: () => void;
  ending?: boolean;
  endError?: string | null;
  draft: string;
  onDraftChange: (text: string) => void;
  onSend: (text: string) => void;
  sending?: boolean;
  sendError?: string | null;
  /** Back to the list (small screens; Esc does the same). */
  onClose: () => void;
  headingLevel?: 2 | 3;
  timeZone?: string;
  locale?: string;
  /** 'Make a test' of this conversation (when it has an agent). */
  makeTest?: ReactNode;
  /** The time now (ms since the epoch): how long a request for a person has waited. */
  now?: number;
}

function MessageItem({
  message,
  conversation,
  timeZone,
  locale,
}: {
  message: ThreadMessage;
  conversation: ConversationDetail;
  timeZone?: string;
  locale?: string;
}) {
  const who = authorLabel(message, {
    endUser: conversation.end_user,
    agentName: conversation.agent_name,
  });
  const figures = [
    message.latency_ms !== null ? `Latency ${Math.round(message.latency_ms)} ms` : null,
    message.llm_ttft_ms !== null ? `First token ${Math.round(message.llm_ttft_ms)} ms` : null,
  ].filter(Boolean);
  return (
    <li className={styles.message} data-author={message.author}>
      <span className={styles.messageHead}>
        <span className={styles.author}>{who}</span>
        <span>{authorRoleLabels[message.author]}</span>
        <time dateTime={message.created_at}>
          {formatWhen(message.created_at, { timeZone, locale })}
        </time>
        {message.offline ? <Badge tone="warning">Offline responder</Badge> : null}
        {agentVersionName(message.agent_version) ? (
          <Badge tone="neutral" title="The agent version that wrote this answer">
            {agentVersionName(message.agent_version)}
          </Badge>
        ) : null}
        {message.delivery_status ? (
          <Badge tone={message.delivery_status === 'failed' ? 'danger' : 'info'}>
            {message.delivery_status}
          </Badge>
        ) : null}
      </span>
      {message.email_subject ? (
        <p className={styles.muted}>Subject: {message.email_subject}</p>
      ) : null}
      {message.privacy?.mode === 'metadata_only' ? (
        <p className={styles.muted}>
          Text not stored (metadata only)
          {message.privacy.length !== undefined ? `: ${message.privacy.length} characters` : ''}
        </p>
      ) : (
        <p className={styles.text}>{message.text}</p>
      )}
      {message.error ? <p className={styles.error}>Error: {message.error}</p> : null}
      <StoredToolSteps messageId={message.id} steps={message.tool_steps} />
      {figures.length > 0 ? (
        <p className={styles.figures}>
          {figures.map((f) => (
            <span key={f}>{f}</span>
          ))}
        </p>
      ) : null}
      {message.passages.length > 0 ? (
        <details className={styles.passages}>
          <summary>Knowledge passages ({message.passages.length})</summary>
          <ol className={styles.passageList}>
            {message.passages.map((p, i) => (
              <li key={i}>
                {p.source ? <strong>{p.source}: </strong> : null}
                {p.excerpt}
              </li>
            ))}
          </ol>
        </details>
      ) : null}
    </li>
  );
}

/**
 * One conversation's thread (issue 29): who wrote each message and when, what the channel adds
 * (call length and end reason, latency, e-mail subject, delivery status, knowledge passages),
 * Take over / Hand back and the reply box (enabled only while the signed-in member holds it;
 * Enter sends, Shift+Enter starts a new line). A view: props in, events out.
 */
export function ThreadView({
  conversation,
  loading = false,
  error,
  onRetry,
  myUserId,
  onTakeover,
  onRelease,
  holdBusy = null,
  holdError,
  onEnd,
  ending = false,
  endError,
  draft,
  onDraftChange,
  onSend,
  sending = false,
  sendError,
  onClose,
  headingLevel = 2,
  timeZone,
  locale,
  makeTest,
  now,
}: ThreadViewProps) {
  const Heading = `h${headingLevel}` as const;
  const end = useRef<HTMLLIElement>(null);
  const count = conversation?.messages.length ?? 0;
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'nearest' });
  }, [count]);

  if (error) {
    return (
      <Card>
        <RetryBanner title={inboxTexts.threadFailed} message={error} onRetry={onRetry} />
        <Button variant="ghost" onClick={onClose}>
          {inboxTexts.back}
        </Button>
      </Card>
    );
  }
  if (loading) {
    return (
      <Card>
        <div className={styles.center}>
          <Spinner label={inboxTexts.threadLoading} />
        </div>
      </Card>
    );
  }
  if (!conversation) {
    return (
      <Card>
        <EmptyState title={inboxTexts.selectPrompt} hint={inboxTexts.selectHint} />
      </Card>
    );
  }

  const hold = holdStateOf(conversation.held_by, myUserId);
  const isCall = conversation.channel === 'voice';
  const canReply = hold === 'mine' && !isCall;
  const send = () => {
    const text = draft.trim();
    if (text && canReply && !sending) onSend(text);
  };
  const replyNote =
    hold === 'other'
      ? inboxTexts.replyDisabledOther(conversation.held_by!.name)
      : hold === 'none'
        ? inboxTexts.replyDisabledNone
        : isCall
          ? inboxTexts.callNoReply
          : null;

  return (
    <Card>
      <div className={styles.thread}>
        <div className={styles.headRow}>
          <Heading className={styles.heading}>{partyLabel(conversation.end_user)}</Heading>
          <div className={styles.actions}>
            {hold === 'mine' ? (
              <Button
                variant="secondary"
                busy={holdBusy === 'release'}
                busyLabel={inboxTexts.handingBack}
                onClick={onRelease}
              >
                {inboxTexts.handBack}
              </Button>
            ) : (
              <Button
                busy={holdBusy === 'takeover'}
                busyLabel={inboxTexts.takingOver}
                disabled={hold === 'other' || (isCall && conversation.status === 'ended')}
                onClick={onTakeover}
              >
                {inboxTexts.takeOver}
              </Button>
            )}
            {onEnd && !isCall && conversation.status !== 'ended' ? (
              <Button
                variant="secondary"
                busy={ending}
                busyLabel={inboxTexts.closing}
                onClick={onEnd}
                title={inboxTexts.closeHint}
              >
                {inboxTexts.close}
              </Button>
            ) : null}
            {hold === 'other' ? (
              <Button
                variant="ghost"
                busy={holdBusy === 'release'}
                busyLabel={inboxTexts.handingBack}
                onClick={onRelease}
              >
                {inboxTexts.handBack}
              </Button>
            ) : null}
            <Button variant="ghost" onClick={onClose}>
              {inboxTexts.back}
            </Button>
          </div>
        </div>
        {conversation.handoff ? (
          <HandoffCard
            handoff={conversation.handoff}
            now={now ?? Date.now()}
            headingLevel={headingLevel === 2 ? 3 : 4}
          />
        ) : null}
        <dl className={styles.facts}>
          <div className={styles.fact}>
            <dt className={styles.term}>Agent</dt>
            <dd className={styles.definition}>{conversation.agent_name ?? '—'}</dd>
          </div>
          <div className={styles.fact}>
            <dt className={styles.term}>Channel</dt>
            <dd className={styles.definition}>{channelLabels[conversation.channel]}</dd>
          </div>
          <div className={styles.fact}>
            <dt className={styles.term}>Status</dt>
            <dd className={styles.definition}>{statusLabels[conversation.status]}</dd>
          </div>
          {conversation.agent_address ? (
            <div className={styles.fact}>
              <dt className={styles.term}>To</dt>
              <dd className={styles.definition}>{conversation.agent_address}</dd>
            </div>
          ) : null}
          {conversation.call ? (
            <>
              <div className={styles.fact}>
                <dt className={styles.term}>Call duration</dt>
                <dd className={styles.definition}>
                  {formatDuration(conversation.call.duration_s)}
                </dd>
              </div>
              {conversation.call.end_reason || conversation.call.ended_by ? (
                <div className={styles.fact}>
                  <dt className={styles.term}>Ended</dt>
                  <dd className={styles.definition}>
                    {[conversation.call.ended_by, humanReason(conversation.call.end_reason)]
                      .filter(Boolean)
                      .join(': ')}
                  </dd>
                </div>
              ) : null}
            </>
          ) : null}
        </dl>
        {hold === 'mine' ? <Banner tone="info" title={inboxTexts.heldByYou} /> : null}
        {hold === 'other' ? (
          <Banner tone="warning" title={inboxTexts.heldByOther(conversation.held_by!.name)} />
        ) : null}
        {holdError ? (
          <Banner tone="error" title="Could not change who answers" message={holdError} />
        ) : null}
        {!isCall && conversation.status === 'ended' ? (
          <p className={styles.muted}>{inboxTexts.endedNote}</p>
        ) : null}
        {endError ? (
          <Banner tone="error" title="Could not close the conversation" message={endError} />
        ) : null}
        {conversation.outcome ? (
          <OutcomeCard
            outcome={conversation.outcome}
            headingLevel={headingLevel === 2 ? 3 : 4}
            timeZone={timeZone}
            locale={locale}
          />
        ) : null}
        {makeTest}

        {conversation.messages.length === 0 ? (
          <p className={styles.muted}>{inboxTexts.noMessages}</p>
        ) : (
          <ol className={styles.messages} aria-label="Messages">
            {conversation.messages.map((m) => (
              <MessageItem
                key={m.id}
                message={m}
                conversation={conversation}
                timeZone={timeZone}
                locale={locale}
              />
            ))}
            <li ref={end} aria-hidden="true" />
          </ol>
        )}

        <form
          className={styles.replyBox}
          onSubmit={(event) => {
            event.preventDefault();
            send();
          }}
          onKeyDown={(event) => {
            if (
              event.target instanceof HTMLTextAreaElement &&
              replyKeyAction({
                key: event.key,
                shiftKey: event.shiftKey,
                isComposing: event.nativeEvent.isComposing,
              }) === 'send'
            ) {
              event.preventDefault();
              send();
            }
          }}
        >
          <TextArea
            label={inboxTexts.reply}
            value={draft}
            onChange={onDraftChange}
            rows={3}
            maxLength={4000}
            placeholder={inboxTexts.replyPlaceholder}
            description={replyNote ?? undefined}
            errorMessage={sendError ?? undefined}
            disabled={!canReply}
          />
          <div className={styles.replyRow}>
            <Button
              type="submit"
              busy={sending}
              busyLabel={inboxTexts.sending}
              disabled={!canReply || !draft.trim()}
            >
              {inboxTexts.send}
            </Button>
          </div>
        </form>
      </div>
    </Card>
  );
}
