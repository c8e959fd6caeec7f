import type { ReactNode } from 'react';
import { Badge, Button, Select, type TableColumn } from '@parley/ui';
import { agentDisplayName, type PhoneNumber } from '@parley/api-client';
import {
  ChannelFrame,
  ChannelTable,
  FilterBar,
  NoticeBanner,
  numberColumns,
  numberRowKey,
  numbersLoadingLabel,
  OrganizationBadge,
  SandboxNotice,
  syncSuccessMs,
  UnassignButton,
  agentFilterOptions,
  allAgentsFilter,
  ClearFiltersButton,
  phoneNumberSearch,
  type ChannelTab,
  type Notice,
} from '../channels';
import {
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
import * as styles from './phoneNumbers.css';
import { CheckIcon, CrossIcon } from '../icons';

export type PhoneNumbersTab = ChannelTab;

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
  /** Why this user may not sync (a member): the button is disabled, the reason beside it. */
  syncDisabledReason?: string | null;
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
  outbound: ReactNode;
}

const channelLabels: Record<ChannelFilter, string> = {
  all: 'All',
  enabled: 'Enabled',
  disabled: 'Disabled',
};
const channelItems = channelFilterValues.map((v) => ({ value: v, label: channelLabels[v] }));
/** The channel filters, each all/enabled/disabled. */
const channelFilterKeys = ['voice', 'sms', 'whatsapp'] as const;
const channelFilterLabels = { voice: 'Voice', sms: 'SMS', whatsapp: 'WhatsApp' } as const;

/** A channel's chip: ✓ and plain when enabled, ✕ and struck through when not (not colour alone). */
export function ChannelBadge({ label, enabled }: { label: string; enabled: boolean }) {
  return (
    <Badge
      tone={enabled ? 'success' : 'neutral'}
      aria-label={`${label} ${enabled ? 'enabled' : 'disabled'}`}
      data-enabled={enabled}
      className={styles.channelChip}
    >
      {enabled ? <CheckIcon /> : <CrossIcon />} {label}
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
    ...numberColumns,
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
              {row.agent_id
                ? agentDisplayName({ id: row.agent_id, name: row.agent_name })
                : row.voice_enabled
                  ? 'Unassigned'
                  : 'No voice on this number'}
            </span>
            {row.sms_enabled ? (
              <span className={styles.channelAgentOther}>
                SMS:{' '}
                {row.sms_agent_id
                  ? agentDisplayName({ id: row.sms_agent_id, name: row.sms_agent_name })
                  : 'Unassigned'}
              </span>
            ) : null}
            {row.whatsapp_enabled ? (
              <span className={styles.channelAgentOther}>
                WhatsApp:{' '}
                {row.whatsapp_agent_id
                  ? agentDisplayName({ id: row.whatsapp_agent_id, name: row.whatsapp_agent_name })
                  : 'Unassigned'}
              </span>
            ) : null}
          </span>
          {/* The voice agent is chosen here; a number without voice has none to choose. */}
          {row.voice_enabled || row.agent_id ? (
            <Button
              size="sm"
              variant="ghost"
              aria-label={`Edit agent of ${row.phone_number}`}
              onClick={() => props.onEdit(row)}
            >
              Edit
            </Button>
          ) : null}
        </span>
      ),
    },
  ];
  if (withUnassign) {
    columns.push({
      key: 'unassign',
      header: 'Unassign',
      labelWhenStacked: false,
      render: (row) =>
        row.agent_id ? (
          <UnassignButton
            variant="secondary"
            target={row.phone_number}
            busy={props.unassigningId === row.phone_id}
            onUnassign={() => props.onUnassign(row)}
            consequence="Its voice agent stops answering calls to it at once. Its SMS and WhatsApp agents stay."
          />
        ) : null,
    });
  }

  return (
    <ChannelFrame
      headingId="phone-numbers-heading"
      heading="Phone Numbers"
      description="Sync your numbers and choose the agent that answers each."
      actions={
        <div className={styles.syncAction}>
          <Button
            onClick={props.onSync}
            busy={props.syncing}
            busyLabel="Syncing..."
            disabled={Boolean(props.syncDisabledReason)}
            aria-describedby={props.syncDisabledReason ? 'sync-role-reason' : undefined}
          >
            Sync Phone Numbers
          </Button>
          {props.syncDisabledReason ? (
            <p id="sync-role-reason" className={styles.syncReason}>
              {props.syncDisabledReason}
            </p>
          ) : null}
        </div>
      }
      banners={
        <>
          <SandboxNotice sandbox={props.sandbox} sharedUnavailable={props.sharedUnavailable} />
          <NoticeBanner
            name="sync"
            notice={props.syncNotice}
            autoDismissMs={props.syncNotice?.tone === 'success' ? syncSuccessMs : undefined}
            onDismiss={props.onDismissSyncNotice}
          />
        </>
      }
      notice={props.notice}
      onDismissNotice={props.onDismissNotice}
      tabsLabel="Phone number direction"
      tab={props.tab}
      onTabChange={props.onTabChange}
    >
      {props.tab === 'outbound' ? (
        props.outbound
      ) : (
        <>
          <FilterBar
            align="center"
            search={phoneNumberSearch(filters.search, (search) => set({ search }))}
          >
            <OrganizationBadge name={props.orgName} />
            <Button onClick={props.onAddAgent}>Add Agent</Button>
          </FilterBar>
          <div className={styles.filters} role="group" aria-label="Filters">
            {channelFilterKeys.map((key) => (
              <Select
                key={key}
                label={channelFilterLabels[key]}
                value={filters[key]}
                items={channelItems}
                onValueChange={(v) => set({ [key]: v as ChannelFilter })}
              />
            ))}
            <Select
              label="Agent"
              value={filters.agent || allAgentsFilter}
              items={agentFilterOptions(numbers)}
              onValueChange={(agent) => set({ agent })}
            />
            <ClearFiltersButton
              active={hasActiveFilters(filters)}
              onClear={() => onFiltersChange(noFilters)}
            />
          </div>
          <ChannelTable
            caption="Inbound phone numbers"
            stackOnPhone
            columns={columns}
            rows={visible}
            rowKey={numberRowKey}
            loading={props.loading}
            loadingLabel={numbersLoadingLabel}
            error={props.error}
            onRetry={props.onRetry}
            emptyTitle={phoneNumbersEmpty.title}
            emptyHint={emptyHintFor(numbers.length, filters)}
          />
        </>
      )}
    </ChannelFrame>
  );
}
