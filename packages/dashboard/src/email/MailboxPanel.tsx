import type { ReactNode } from 'react';
import { Badge, Button, Tabs } from '@parley/ui';
import { agentDisplayName, type Mailbox } from '@parley/api-client';
import { pluralDrafts } from './mailboxList';
import { MailAddress } from './MailAddress';
import * as styles from './email.css';
import { channelStyles as channel } from '../channels';

export type MailboxSection = 'threads' | 'settings';

export interface MailboxPanelProps {
  mailbox: Mailbox;
  section: MailboxSection;
  onSectionChange: (section: MailboxSection) => void;
  onBack: () => void;
  onSendMessage: () => void;
  onAssign: () => void;
  /** The threads list or the open conversation. */
  threads: ReactNode;
  settings: ReactNode;
  /** The sandbox outbox (mailboxes without SMTP settings). */
  outbox?: ReactNode;
}

/** One mailbox: its threads (newest first, opening into the conversation) and its settings. */
export function MailboxPanel(props: MailboxPanelProps) {
  const { mailbox } = props;
  return (
    <section className={channel.form} aria-labelledby="mailbox-heading">
      <div className={channel.header}>
        <div>
          <h2 id="mailbox-heading" className={styles.sectionHeading}>
            <MailAddress value={mailbox.email_address} />
          </h2>
          <p className={`${channel.meta}`}>
            {mailbox.agent_id ? (
              <Badge tone="primary" wrap>
                Agent: {agentDisplayName({ id: mailbox.agent_id, name: mailbox.agent_name })}
              </Badge>
            ) : (
              <Badge tone="neutral">No agent: mail is stored, not answered</Badge>
            )}
            {mailbox.sending === 'outbox' ? (
              <Badge tone="warning">Sends into the sandbox outbox</Badge>
            ) : (
              <Badge tone="neutral">Sends through {mailbox.smtp?.host ?? 'SMTP'}</Badge>
            )}
            {mailbox.drafts_waiting > 0 ? (
              <Badge tone="warning">{pluralDrafts(mailbox.drafts_waiting)}</Badge>
            ) : null}
          </p>
        </div>
        <div className={channel.rowActions}>
          {mailbox.agent_id ? null : (
            <Button variant="secondary" onClick={props.onAssign}>
              Assign Agent
            </Button>
          )}
          <Button variant="secondary" onClick={props.onSendMessage}>
            Send Message
          </Button>
          <Button variant="ghost" onClick={props.onBack}>
            Back to accounts
          </Button>
        </div>
      </div>
      <Tabs
        label="Mailbox"
        layout="tabs"
        items={[
          { value: 'threads', label: 'Threads' },
          { value: 'settings', label: 'Settings' },
        ]}
        value={props.section}
        onValueChange={(v) => props.onSectionChange(v as MailboxSection)}
      />
      {props.section === 'settings' ? (
        props.settings
      ) : (
        <>
          {props.threads}
          {mailbox.sending === 'outbox' ? props.outbox : null}
        </>
      )}
    </section>
  );
}
