import type { ReactNode } from 'react';
import { Badge, Banner, Button, SearchField, Select, Tabs, type TableColumn } from '@parley/ui';
import { friendlyPhoneNumber, type PhoneNumber } from '@parley/api-client';
import type { MessagingChannel } from '../api/DashboardApi';
import { agentPrefixOf } from '../phone-numbers/phoneFilters';
import { SandboxNotice } from '../phone-numbers/SandboxNotice';
import { NumbersTable } from '../phone-numbers/NumbersTable';
import { bannerMs, type Notice } from '../phone-numbers/PhoneNumbersScreen';
import * as pn from '../phone-numbers/phoneNumbers.css';
import {
  channelAgentOptions,
  channelEmptyHint,
  channelNumbersEmpty,
  clearedChannelFilters,
  filterChannelNumbers,
  hasChannelFilters,
  type ChannelFilters,
} from './channelFilters';
import { channelLabels } from './channelLabels';
import * as styles from './channel.css';

export type ChannelTab = 'inbound' | 'outbound';

export interface ChannelScreenProps {
  channel: MessagingChannel;
  orgName: string;
  /** The organization's numbers enabled for this channel. */
  numbers: readonly PhoneNumber[];
  loading?: boolean;
  error?: string | null;
  onRetry?: () => void;
  /** True while the organization uses the sandbox provider. */
  sandbox?: boolean;
  refreshing?: boolean;
  onRefresh: () => void;
  tab: ChannelTab;
  onTabChange: (tab: ChannelTab) => void;
  filters: ChannelFilters;
  onFiltersChange: (filters: ChannelFilters) => void;
  /** The last assign / unassign / simulate outcome (cleared after 5 s). */
  notice?: Notice | null;
  onDismissNotice?: () => void;
  unassigningNumber?: string | null;
  onAssign: () => void;
  onUnassign: (row: PhoneNumber) => void;
  /** Offered on assigned numbers while the sandbox is in use. */
  onSimulate?: (row: PhoneNumber) => void;
  /** The Outbound page (the send page and the messages). */
  outbound?: ReactNode;
}

/**
 * The SMS and WhatsApp tabs (spec channels-and-shell §2): the organization badge, Refresh,
 * Inbound and Outbound; Inbound lists the channel's numbers with search, an agent filter and
 * Clear All Filters, 'Assign Agent', Unassign, and in the sandbox 'Simulate inbound message'.
 * Props in, events out.
 */
export function ChannelScreen(props: ChannelScreenProps) {
  const { numbers, filters, onFiltersChange } = props;
  const words = channelLabels[props.channel];
  const visible = filterChannelNumbers(numbers, filters);
  const set = (patch: Partial<ChannelFilters>) => onFiltersChange({ ...filters, ...patch });
  const headingId = `${props.channel}-heading`;

  const columns: Array<TableColumn<PhoneNumber>> = [
    {
      key: 'number',
      header: 'Number',
      isRowHeader: true,
      render: (row) => <span className={pn.numberText}>{row.phone_number}</span>,
    },
    {
      key: 'friendly',
      header: 'Friendly Name',
      render: (row) => row.friendly_name || friendlyPhoneNumber(row.phone_number),
    },
    {
      key: 'agent',
      header: 'Agent',
      render: (row) =>
        row.agent_id ? (
          <Badge tone="success">{row.agent_name ?? agentPrefixOf(row)}</Badge>
        ) : (
          <Badge tone="neutral">Unassigned</Badge>
        ),
    },
    {
      key: 'actions',
      header: 'Actions',
      render: (row) =>
        row.agent_id ? (
          <span className={styles.rowActions}>
            {props.sandbox && props.onSimulate ? (
              <Button
                size="sm"
                variant="secondary"
                aria-label={`Simulate inbound message to ${row.phone_number}`}
                onClick={() => props.onSimulate?.(row)}
              >
                Simulate inbound message
              </Button>
            ) : null}
            <Button
              size="sm"
              variant="ghost"
              aria-label={`Unassign ${row.phone_number}`}
              busy={props.unassigningNumber === row.phone_number}
              busyLabel="Unassigning..."
              onClick={() => props.onUnassign(row)}
            >
              Unassign
            </Button>
          </span>
        ) : null,
    },
  ];

  const inbound = (
    <NumbersTable
      caption={`${words.name} phone numbers`}
      columns={columns}
      rows={visible}
      loading={props.loading}
      error={props.error}
      onRetry={props.onRetry}
      emptyTitle={channelNumbersEmpty.title}
      emptyHint={channelEmptyHint(numbers.length, filters, words.name)}
      stackOnPhone
    />
  );

  return (
    <section className={pn.screen} aria-labelledby={headingId}>
      <div className={pn.header}>
        <div>
          <h1 id={headingId} className={pn.heading}>
            {words.heading}
          </h1>
          <p className={pn.muted}>
            Choose the agent that answers each number, and send {words.name} messages.
          </p>
        </div>
        <div className={styles.rowActions}>
          <Badge tone="primary" aria-label={`Organization ${props.orgName}`}>
            {props.orgName}
          </Badge>
          <Button
            variant="secondary"
            onClick={props.onRefresh}
            busy={props.refreshing}
            busyLabel="Refreshing..."
          >
            Refresh
          </Button>
        </div>
      </div>
      {props.sandbox ? <SandboxNotice /> : null}
      {props.notice ? (
        <Banner
          key={`notice-${props.notice.message}`}
          tone={props.notice.tone}
          title={props.notice.message}
          autoDismissMs={bannerMs}
          onDismiss={props.onDismissNotice}
        />
      ) : null}
      <Tabs
        label={`${words.name} direction`}
        layout="tabs"
        items={[
          { value: 'inbound', label: 'Inbound' },
          { value: 'outbound', label: 'Outbound' },
        ]}
        value={props.tab}
        onValueChange={(v) => props.onTabChange(v as ChannelTab)}
      />
      {props.tab === 'outbound' ? (
        props.outbound
      ) : (
        <>
          <div className={styles.filters}>
            <div className={pn.grow}>
              <SearchField
                label="Search phone numbers"
                placeholder="Search phone numbers..."
                value={filters.search}
                onChange={(search) => set({ search })}
              />
            </div>
            <Select
              className={styles.filterSelect}
              label="Agent"
              value={filters.agent}
              items={channelAgentOptions(numbers)}
              onValueChange={(agent) => set({ agent })}
            />
            <Button
              variant="secondary"
              onClick={() => onFiltersChange(clearedChannelFilters)}
              disabled={!hasChannelFilters(filters)}
            >
              Clear All Filters
            </Button>
            <Button onClick={props.onAssign}>Assign Agent</Button>
          </div>
          {inbound}
        </>
      )}
    </section>
  );
}
