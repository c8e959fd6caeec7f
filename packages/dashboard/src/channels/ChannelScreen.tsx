import type { ReactNode } from 'react';
import { Badge, Button, Select, type TableColumn } from '@parley/ui';
import { agentDisplayName, type PhoneNumber } from '@parley/api-client';
import type { MessagingChannel } from '../api/DashboardApi';
import { SandboxNotice } from './SandboxNotice';
import { ChannelTable, numberColumns, numberRowKey, numbersLoadingLabel } from './ChannelTable';
import {
  ClearFiltersButton,
  ChannelFrame,
  FilterBar,
  OrganizationBadge,
  phoneNumberSearch,
  RefreshButton,
  UnassignButton,
} from './ChannelFrame';
import type { ChannelTab, Notice } from './types';
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

export type { ChannelTab } from './types';

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

  const columns: Array<TableColumn<PhoneNumber>> = [
    ...numberColumns,
    {
      key: 'agent',
      header: 'Agent',
      render: (row) =>
        row.agent_id ? (
          <Badge tone="success" wrap>
            {agentDisplayName({ id: row.agent_id, name: row.agent_name })}
          </Badge>
        ) : (
          <Badge tone="neutral">Unassigned</Badge>
        ),
    },
    {
      key: 'actions',
      header: 'Actions',
      labelWhenStacked: false,
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
            <UnassignButton
              variant="secondary"
              target={row.phone_number}
              busy={props.unassigningNumber === row.phone_number}
              onUnassign={() => props.onUnassign(row)}
              consequence={`Its ${words.name} agent stops answering at once: messages that arrive are kept, not answered, until you assign an agent again. Its other channels keep their agents.`}
            />
          </span>
        ) : null,
    },
  ];

  return (
    <ChannelFrame
      headingId={`${props.channel}-heading`}
      heading={words.heading}
      description={`Choose the agent that answers each number, and send ${words.name} messages.`}
      actions={
        <div className={styles.rowActions}>
          <OrganizationBadge name={props.orgName} />
          <RefreshButton onRefresh={props.onRefresh} refreshing={props.refreshing} />
        </div>
      }
      banners={<SandboxNotice sandbox={props.sandbox} />}
      notice={props.notice}
      onDismissNotice={props.onDismissNotice}
      tabsLabel={`${words.name} direction`}
      tabsLayout="tabs"
      tab={props.tab}
      onTabChange={props.onTabChange}
    >
      {props.tab === 'outbound' ? (
        props.outbound
      ) : (
        <>
          <FilterBar search={phoneNumberSearch(filters.search, (search) => set({ search }))}>
            <Select
              className={styles.filterSelect}
              label="Agent"
              value={filters.agent}
              items={channelAgentOptions(numbers)}
              onValueChange={(agent) => set({ agent })}
            />
            <ClearFiltersButton
              active={hasChannelFilters(filters)}
              onClear={() => onFiltersChange(clearedChannelFilters)}
            />
            <Button onClick={props.onAssign}>Assign Agent</Button>
          </FilterBar>
          <ChannelTable
            caption={`${words.name} phone numbers`}
            columns={columns}
            rows={visible}
            rowKey={numberRowKey}
            loading={props.loading}
            loadingLabel={numbersLoadingLabel}
            error={props.error}
            onRetry={props.onRetry}
            emptyTitle={channelNumbersEmpty.title}
            emptyHint={channelEmptyHint(numbers.length, filters, words.name)}
            stackOnPhone
          />
        </>
      )}
    </ChannelFrame>
  );
}
