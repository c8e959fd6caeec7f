import type { ReactNode } from 'react';
import { Badge, Banner, Button, type TableColumn } from '@parley/ui';
import { agentDisplayName, type Mailbox } from '@parley/api-client';
import {
  ChannelFrame,
  ChannelTable,
  FilterBar,
  OrganizationBadge,
  RefreshButton,
  RetryBanner,
  UnassignButton,
  type ChannelTab,
  type Notice,
} from '../channels';
import {
  anyAssigned,
  draftsWaiting,
  filterMailboxes,
  outboxMailboxes,
  pluralDrafts,
} from './mailboxList';
import { MailAddress } from './MailAddress';
import * as styles from './email.css';
import { channelStyles as channel } from '../channels';

export type EmailTab = ChannelTab;

export const emailEmptyText = 'No Gmail accounts found';
/** The outbox notice: one line above the accounts (each mailbox shows its outbox). */
export const outboxNoticeShort =
  'Mailboxes without SMTP settings send into the outbox: nothing goes over a real mail server. Open one and add its SMTP settings to send for real.';

export interface EmailScreenProps {
  orgName: string;
  /** The organization's mailboxes (assigned or not). */
  mailboxes: readonly Mailbox[];
  loading?: boolean;
  error?: string | null;
  onRetry?: () => void;
  refreshing?: boolean;
  onRefresh: () => void;
  tab: EmailTab;
  onTabChange: (tab: EmailTab) => void;
  search: string;
  onSearchChange: (search: string) => void;
  /** The last assign / unassign / simulate outcome (cleared after 5 s). */
  notice?: Notice | null;
  onDismissNotice?: () => void;
  unassigningEmail?: string | null;
  onAssign: () => void;
  onSendMessage: () => void;
  onUnassign: (row: Mailbox) => void;
  /** Opens the mailbox: its threads and its settings. */
  onOpen: (row: Mailbox) => void;
  /** 'Simulate inbound email' on an assigned address (the whole loop on a fresh install). */
  onSimulate?: (row: Mailbox) => void;
  /** The open mailbox (shown instead of the accounts table). */
  detail?: ReactNode;
  /** The Outbound tab: campaigns. */
  outbound?: ReactNode;
}

/**
 * The Email tab (spec channels-and-shell §2): 'Email-Enabled Accounts' with Refresh; Inbound:
 * the Email Address / Status table with 'Search Gmail accounts...', the Unassign column only
 * when some account is assigned, 'No Gmail accounts found', Assign Agent; each mailbox opens into
 * its threads and settings. Outbound: campaigns. Props in, events out.
 */
export function EmailScreen(props: EmailScreenProps) {
  const { mailboxes } = props;
  const visible = filterMailboxes(mailboxes, props.search);
  const assigned = anyAssigned(mailboxes);
  const drafts = draftsWaiting(mailboxes);
  const outbox = outboxMailboxes(mailboxes);

  const columns: Array<TableColumn<Mailbox>> = [
    {
      key: 'email',
      header: 'Email Address',
      isRowHeader: true,
      render: (row) => (
        <span className={styles.address}>
          <MailAddress value={row.email_address} />
          {row.display_name ? <span className={styles.subtle}> ({row.display_name})</span> : null}
        </span>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      // §4: a loaded mapping is always active.
      render: (row) => (
        <Badge tone="success">{row.status === 'active' ? 'Active' : row.status}</Badge>
      ),
    },
    {
      key: 'agent',
      header: 'Agent',
      render: (row) =>
        row.agent_id ? (
          <Badge tone="primary" wrap>
            {agentDisplayName({ id: row.agent_id, name: row.agent_name })}
          </Badge>
        ) : (
          <Badge tone="neutral">Unassigned</Badge>
        ),
    },
    {
      key: 'sending',
      header: 'Sending',
      render: (row) =>
        row.sending === 'outbox' ? (
          <Badge tone="warning">Sandbox outbox</Badge>
        ) : (
          <Badge tone="neutral">SMTP</Badge>
        ),
    },
    {
      key: 'actions',
      header: 'Actions',
      labelWhenStacked: false,
      render: (row) => (
        <span className={channel.rowActions}>
          <Button
            size="sm"
            variant="secondary"
            aria-label={`Open ${row.email_address}`}
            onClick={() => props.onOpen(row)}
          >
            Open
          </Button>
          {row.drafts_waiting > 0 ? (
            <Badge tone="warning">{pluralDrafts(row.drafts_waiting)}</Badge>
          ) : null}
          {row.agent_id && props.onSimulate ? (
            <Button
              size="sm"
              variant="ghost"
              aria-label={`Simulate inbound email to ${row.email_address}`}
              onClick={() => props.onSimulate?.(row)}
            >
              Simulate inbound email
            </Button>
          ) : null}
        </span>
      ),
    },
    ...(assigned
      ? [
          {
            key: 'unassign',
            header: 'Unassign',
            labelWhenStacked: false,
            render: (row: Mailbox) =>
              row.agent_id ? (
                <UnassignButton
                  variant="secondary"
                  target={row.email_address}
                  busy={props.unassigningEmail === row.email_address}
                  onUnassign={() => props.onUnassign(row)}
                  consequence="Its agent stops answering at once: mail that arrives is kept, not answered, until you assign an agent again."
                />
              ) : null,
          },
        ]
      : []),
  ];

  let inbound: ReactNode;
  if (props.detail) inbound = props.detail;
  else if (props.error) inbound = <RetryBanner error={props.error} onRetry={props.onRetry} />;
  else
    inbound = (
      <>
        <FilterBar
          search={{
            label: 'Search Gmail accounts',
            placeholder: 'Search Gmail accounts...',
            value: props.search,
            onChange: props.onSearchChange,
          }}
        >
          <Button onClick={props.onAssign}>Assign Agent</Button>
        </FilterBar>
        <ChannelTable
          caption="Mailboxes and their agents"
          columns={columns}
          rows={visible}
          rowKey={(r) => r.email_address}
          loading={props.loading}
          loadingLabel="Loading email accounts..."
          stackOnPhone
          emptyTitle={emailEmptyText}
          emptyHint={
            mailboxes.length
              ? 'Try adjusting your search'
              : 'Assign an agent to a mailbox to answer the mail it receives.'
          }
        />
      </>
    );

  return (
    <ChannelFrame
      headingId="email-heading"
      heading="Email-Enabled Accounts"
      description="Connect your mailboxes, choose the agent that answers each, send mail and run campaigns."
      actions={
        <div className={channel.rowActions}>
          <OrganizationBadge name={props.orgName} />
          {drafts > 0 ? (
            <Badge tone="warning" aria-label={`${pluralDrafts(drafts)} for approval`}>
              {pluralDrafts(drafts)}
            </Badge>
          ) : null}
          <Button variant="secondary" onClick={props.onSendMessage}>
            Send Message
          </Button>
          <RefreshButton onRefresh={props.onRefresh} refreshing={props.refreshing} />
        </div>
      }
      banners={
        // One slim line on the accounts list; an open mailbox says how it sends itself (a
        // mailbox that sends through SMTP shows no sandbox notice).
        outbox.length && !props.detail ? (
          <Banner
            slim
            tone="warning"
            title="Sandbox outbox"
            message={outboxNoticeShort}
            data-testid="outbox-notice"
          />
        ) : null
      }
      notice={props.notice}
      onDismissNotice={props.onDismissNotice}
      tabsLabel="Email direction"
      tabsLayout="tabs"
      tab={props.tab}
      onTabChange={props.onTabChange}
    >
      {props.tab === 'outbound' ? props.outbound : inbound}
    </ChannelFrame>
  );
}
