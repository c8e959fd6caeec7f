import type { ReactNode } from 'react';
import {
  Badge,
  Banner,
  Button,
  EmptyState,
  SearchField,
  Select,
  Tabs,
  type TableColumn,
} from '@parley/ui';
import { friendlyPhoneNumber, type PhoneNumber } from '@parley/api-client';
import {
  agentFilterOptions,
  agentPrefixOf,
  allAgentsFilter,
  channelFilterValues,
  emptyHintFor,
  filterPhoneNumbers,
  hasActiveFilters,
  noFilters,
  phoneNumbersEmpty,
  showsUnassignColumn,
  type ChannelFilter,
  type PhoneFilters,
} from './phoneFilters';
import { SandboxNotice, SharedTelephonyNotice } from './SandboxNotice';
import { NumbersTable } from './NumbersTable';
import * as styles from './phoneNumbers.css';

export type PhoneNumbersTab = 'inbound' | 'outbound';

export interface Notice {
  tone: 'success' | 'error' | 'info';
  message: string;
}

/** Banner timers of spec §9: a sync success clears after 3 s, failures and others after 5 s. */
export const syncSuccessMs = 3000;
export const bannerMs = 5000;

export interface PhoneNumbersScreenProps {
  orgName: string;
  numbers: readonly PhoneNumber[];
  loading?: boolean;
  error?: string | null;
  /** True while the organization uses the sandbox provider. */
  sandbox?: boolean;
  /** The install's shared telephony exists but does not serve this organization. */
  sharedUnavailable?: boolean;
  tab: PhoneNumbersTab;
  onTabChange: (tab: PhoneNumbersTab) => void;
  filters: PhoneFilters;
  onFiltersChange: (filters: PhoneFilters) => void;
  syncing?: boolean;
  /** The last sync's outcome (cleared by the screen after 3 s / 5 s). */
  syncNotice?: Notice | null;
  /** The last assign/unassign outcome (cleared after 5 s). */
  notice?: Notice | null;
  onDismissSyncNotice?: () => void;
  onDismissNotice?: () => void;
  /** The number being unassigned (its button shows busy). */
  unassigningId?: string | null;
  onSync: () => void;
  onAddAgent: () => void;
  onEdit: (row: PhoneNumber) => void;
  onUnassign: (row: PhoneNumber) => void;
  onRetry?: () => void;
  /** The Outbound side: the Scheduled Events view (scheduling/). */
  outbound?: ReactNode;
}

const channelLabels: Record<ChannelFilter, string> = {
  all: 'All',
  enabled: 'Enabled',
  disabled: 'Disabled',
};
const channelItems = channelFilterValues.map((v) => ({ value: v, label: channelLabels[v] }));

/** A channel's chip: ✓ and plain when enabled, ✕ and struck through when not (not colour alone). */
export function ChannelBadge({ label, enabled }: { label: string; enabled: boolean }) {
  return (
    <Badge
      tone={enabled ? 'success' : 'neutral'}
      aria-label={`${label} ${enabled ? 'enabled' : 'disabled'}`}
      data-enabled={enabled}
      className={styles.channelChip}
    >
      <span aria-hidden="true">{enabled ? '✓' : '✕'}</span> {label}
    </Badge>
  );
}

/**
 * The Phone Numbers tab (spec channels-and-shell §2): sync, Inbound/Outbound, the numbers with
 * search and conjunctive filters, the organization chip, Add Agent; assignment edits and
 * unassign per row. Props in, events out.
 */
export function PhoneNumbersScreen(props: PhoneNumbersScreenProps) {
  const { numbers, filters, onFiltersChange } = props;
  const visible = filterPhoneNumbers(numbers, filters);
  const set = (patch: Partial<PhoneFilters>) => onFiltersChange({ ...filters, ...patch });
  const withUnassign = showsUnassignColumn(numbers);

  const columns: Array<TableColumn<PhoneNumber>> = [
    {
      key: 'number',
      header: 'Number',
      isRowHeader: true,
      render: (row) => <span className={styles.numberText}>{row.phone_number}</span>,
    },
    {
      key: 'friendly',
      header: 'Friendly Name',
      render: (row) => row.friendly_name || friendlyPhoneNumber(row.phone_number),
    },
    {
      key: 'enabled',
      header: 'Enabled',
      render: (row) => (
        <span className={styles.channels}>
          <ChannelBadge label="Voice" enabled={row.voice_enabled} />
          <ChannelBadge label="SMS" enabled={row.sms_enabled} />
          <ChannelBadge label="WhatsApp" enabled={row.whatsapp_enabled} />
        </span>
      ),
    },
    {
      key: 'agent',
      header: 'Agent',
      render: (row) => (
        <span className={styles.agentCell}>
          <span className={styles.channelAgents}>
            <span>
              <span className={styles.channelAgentLabel}>Voice: </span>
              {row.agent_id ? (row.agent_name ?? agentPrefixOf(row)) : 'Unassigned'}
            </span>
            {row.sms_enabled ? (
              <span className={styles.channelAgentOther}>
                SMS: {row.sms_agent_id ? (row.sms_agent_name ?? row.sms_agent_id) : 'Unassigned'}
              </span>
            ) : null}
            {row.whatsapp_enabled ? (
              <span className={styles.channelAgentOther}>
                WhatsApp:{' '}
                {row.whatsapp_agent_id
                  ? (row.whatsapp_agent_name ?? row.whatsapp_agent_id)
                  : 'Unassigned'}
              </span>
            ) : null}
          </span>
          <Button
            size="sm"
            variant="ghost"
            aria-label={`Edit agent of ${row.phone_number}`}
            onClick={() => props.onEdit(row)}
          >
            Edit
          </Button>
        </span>
      ),
    },
  ];
  if (withUnassign) {
    columns.push({
      key: 'unassign',
      header: 'Unassign',
      render: (row) =>
        row.agent_id ? (
          <Button
            size="sm"
            variant="secondary"
            aria-label={`Unassign ${row.phone_number}`}
            busy={props.unassigningId === row.phone_id}
            busyLabel="Unassigning..."
            onClick={() => props.onUnassign(row)}
          >
            Unassign
          </Button>
        ) : null,
    });
  }

  const body = (
    <NumbersTable
      caption="Inbound phone numbers"
      stackOnPhone
      columns={columns}
      rows={visible}
      loading={props.loading}
      error={props.error}
      onRetry={props.onRetry}
      emptyTitle={phoneNumbersEmpty.title}
      emptyHint={emptyHintFor(numbers.length, filters)}
    />
  );

  return (
    <section className={styles.screen} aria-labelledby="phone-numbers-heading">
      <div className={styles.header}>
        <div>
          <h1 id="phone-numbers-heading" className={styles.heading}>
            Phone Numbers
          </h1>
          <p className={styles.muted}>Sync your numbers and choose the agent that answers each.</p>
        </div>
        <Button onClick={props.onSync} busy={props.syncing} busyLabel="Syncing...">
          Sync Phone Numbers
        </Button>
      </div>
      {props.sharedUnavailable ? <SharedTelephonyNotice /> : null}
      {props.sandbox ? <SandboxNotice /> : null}
      {props.syncNotice ? (
        <Banner
          key={`sync-${props.syncNotice.message}`}
          tone={props.syncNotice.tone}
          title={props.syncNotice.message}
          autoDismissMs={props.syncNotice.tone === 'success' ? syncSuccessMs : bannerMs}
          onDismiss={props.onDismissSyncNotice}
        />
      ) : null}
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
        label="Phone number direction"
        items={[
          { value: 'inbound', label: 'Inbound' },
          { value: 'outbound', label: 'Outbound' },
        ]}
        value={props.tab}
        onValueChange={(v) => props.onTabChange(v as PhoneNumbersTab)}
      />
      {props.tab === 'outbound' && props.outbound ? (
        props.outbound
      ) : props.tab === 'outbound' ? (
        <EmptyState
          title="No scheduled calls yet"
          hint="Outbound calls scheduled for your agents will be listed here. Scheduling comes in a later release."
          headingLevel={2}
        />
      ) : (
        <>
          <div className={styles.toolbar}>
            <div className={styles.grow}>
              <SearchField
                label="Search phone numbers"
                placeholder="Search phone numbers..."
                value={filters.search}
                onChange={(search) => set({ search })}
              />
            </div>
            <Badge tone="primary" aria-label={`Organization ${props.orgName}`}>
              {props.orgName}
            </Badge>
            <Button onClick={props.onAddAgent}>Add Agent</Button>
          </div>
          <div className={styles.filters} role="group" aria-label="Filters">
            <Select
              label="Voice"
              value={filters.voice}
              items={channelItems}
              onValueChange={(v) => set({ voice: v as ChannelFilter })}
            />
            <Select
              label="SMS"
              value={filters.sms}
              items={channelItems}
              onValueChange={(v) => set({ sms: v as ChannelFilter })}
            />
            <Select
              label="WhatsApp"
              value={filters.whatsapp}
              items={channelItems}
              onValueChange={(v) => set({ whatsapp: v as ChannelFilter })}
            />
            <Select
              label="Agent"
              value={filters.agent || allAgentsFilter}
              items={agentFilterOptions(numbers)}
              onValueChange={(agent) => set({ agent })}
            />
            <Button
              variant="secondary"
              onClick={() => onFiltersChange(noFilters)}
              disabled={!hasActiveFilters(filters)}
            >
              Clear All Filters
            </Button>
          </div>
          {body}
        </>
      )}
    </section>
  );
}
