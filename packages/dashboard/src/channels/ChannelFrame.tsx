import { useState, type FormEvent, type ReactNode } from 'react';
import { Badge, Banner, Button, ConfirmDialog, Dialog, SearchField, Tabs } from '@parley/ui';
import { bannerMs, type ChannelTab, type Notice } from './types';
import * as styles from './channel.css';

/** The last outcome in a banner that clears itself (5 s unless told), or nothing. */
export function NoticeBanner(props: {
  notice?: Notice | null;
  onDismiss?: () => void;
  autoDismissMs?: number;
  /** Told apart from the screen's other banners (a new message shows afresh). */
  name?: string;
  /** The slim bar (default) or a full banner at the head of a panel. */
  slim?: boolean;
}) {
  if (!props.notice) return null;
  return (
    <Banner
      slim={props.slim ?? true}
      key={`${props.name ?? 'notice'}-${props.notice.message}`}
      tone={props.notice.tone}
      title={props.notice.message}
      autoDismissMs={props.autoDismissMs ?? bannerMs}
      onDismiss={props.onDismiss}
    />
  );
}

/** Why a list could not be loaded, with Retry. */
export function RetryBanner({ error, onRetry }: { error: string; onRetry?: () => void }) {
  return (
    <Banner
      tone="error"
      title={error}
      action={onRetry ? { label: 'Retry', onClick: onRetry } : undefined}
    />
  );
}

/** The organization's chip beside a channel screen's heading. */
export function OrganizationBadge({ name }: { name: string }) {
  return (
    <Badge tone="primary" aria-label={`Organization ${name}`}>
      {name}
    </Badge>
  );
}

/**
 * A row's Unassign: it asks first (the agent stops answering the number or mailbox at once), then
 * shows 'Unassigning...' while it goes.
 */
export function UnassignButton(props: {
  /** The number or address (the button's accessible name says it). */
  target: string;
  busy: boolean;
  variant: 'ghost' | 'secondary';
  onUnassign: () => void;
  /** What stops: 'Its agent stops answering calls…' (default: its agent stops answering it). */
  consequence?: string;
}) {
  const [asking, setAsking] = useState(false);
  return (
    <>
      <Button
        size="sm"
        variant={props.variant}
        aria-label={`Unassign ${props.target}`}
        busy={props.busy}
        busyLabel="Unassigning..."
        onClick={() => setAsking(true)}
      >
        Unassign
      </Button>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={`Unassign ${props.target}?`}
        message={
          props.consequence ??
          'Its agent stops answering it at once; messages that arrive are kept, not answered, until you assign an agent again.'
        }
        confirmLabel="Unassign"
        busyLabel="Unassigning..."
        tone="danger"
        onConfirm={() => {
          setAsking(false);
          props.onUnassign();
        }}
      />
    </>
  );
}

export function RefreshButton(props: { onRefresh: () => void; refreshing?: boolean }) {
  return (
    <Button
      variant="secondary"
      onClick={props.onRefresh}
      busy={props.refreshing}
      busyLabel="Refreshing..."
    >
      Refresh
    </Button>
  );
}

/** 'Clear All Filters': puts the filters back, pressable only while one is set. */
export function ClearFiltersButton(props: { active: boolean; onClear: () => void }) {
  return (
    <Button variant="secondary" onClick={props.onClear} disabled={!props.active}>
      Clear All Filters
    </Button>
  );
}

/** The Inbound tabs' search over the numbers (the number, its agent's id and name). */
export const phoneNumberSearch = (value: string, onChange: (v: string) => void) => ({
  label: 'Search phone numbers',
  placeholder: 'Search phone numbers...',
  value,
  onChange,
});

export interface FilterBarProps {
  search: { label: string; placeholder: string; value: string; onChange: (v: string) => void };
  /** 'end' (the filters' labels above their fields) or 'center' (buttons and badges). */
  align?: 'end' | 'center';
  /** The filters and buttons after the search. */
  children?: ReactNode;
}

/** The search that grows, then the tab's filters and buttons (wrapping on a phone). */
export function FilterBar({ search, align = 'end', children }: FilterBarProps) {
  return (
    <div className={align === 'end' ? styles.filterBar : styles.toolbar}>
      <div className={styles.grow}>
        <SearchField
          label={search.label}
          placeholder={search.placeholder}
          value={search.value}
          onChange={search.onChange}
        />
      </div>
      {children}
    </div>
  );
}

export interface ChannelFrameProps {
  /** The id of the heading the section is labelled by. */
  headingId: string;
  heading: string;
  description: ReactNode;
  /** Beside the heading (the organization, Refresh, Sync …). */
  actions?: ReactNode;
  /** Banners above the notice (sandbox, shared numbers, outbox, sync …). */
  banners?: ReactNode;
  /** The last assign / unassign / simulate outcome (cleared after 5 s). */
  notice?: Notice | null;
  onDismissNotice?: () => void;
  /** The Inbound / Outbound tabs' accessible name. */
  tabsLabel: string;
  /** 'tabs' keeps the tab list on a phone; 'responsive' turns it into a select there. */
  tabsLayout?: 'tabs' | 'responsive';
  tab: ChannelTab;
  onTabChange: (tab: ChannelTab) => void;
  /** The open tab's page. */
  children: ReactNode;
}

/**
 * The frame every channel tab shares (spec channels-and-shell §2): the heading and its line,
 * the actions beside it, the banners, the last outcome, then Inbound and Outbound.
 * Props in, events out.
 */
export function ChannelFrame(props: ChannelFrameProps) {
  return (
    <section className={styles.screen} aria-labelledby={props.headingId}>
      <div className={styles.header}>
        <div>
          <h1 id={props.headingId} className={styles.heading}>
            {props.heading}
          </h1>
          <p className={styles.muted}>{props.description}</p>
        </div>
        {props.actions}
      </div>
      {props.banners}
      <NoticeBanner notice={props.notice} onDismiss={props.onDismissNotice} />
      <Tabs
        label={props.tabsLabel}
        layout={props.tabsLayout}
        items={[
          { value: 'inbound', label: 'Inbound' },
          { value: 'outbound', label: 'Outbound' },
        ]}
        value={props.tab}
        onValueChange={(v) => props.onTabChange(v as ChannelTab)}
      />
      {props.children}
    </section>
  );
}

export interface SimulateDialogProps {
  title: string;
  description: string;
  /** Open while true. */
  open: boolean;
  onClose: () => void;
  /** The channel's form (its state lives inside the dialog, so closing resets it). */
  children: ReactNode;
}

/** 'Simulate inbound …': a person's message to one of ours, through the real inbound path. */
export function SimulateDialog(props: SimulateDialogProps) {
  return (
    <Dialog
      open={props.open}
      onOpenChange={(open) => {
        if (!open) props.onClose();
      }}
      title={props.title}
      description={props.description}
    >
      {props.children}
    </Dialog>
  );
}

/** A simulate form: the fields, the failure, Cancel and Simulate ('Simulating...' while busy). */
export function SimulateForm(props: {
  onSubmit: (e: FormEvent) => void;
  onCancel: () => void;
  busy?: boolean;
  error?: string | null;
  children: ReactNode;
}) {
  return (
    <form className={styles.form} onSubmit={props.onSubmit} noValidate>
      {props.children}
      {props.error ? <Banner key={props.error} tone="error" title={props.error} /> : null}
      <div className={styles.actions}>
        <Button variant="secondary" onClick={props.onCancel} disabled={props.busy}>
          Cancel
        </Button>
        <Button type="submit" busy={props.busy} busyLabel="Simulating...">
          Simulate
        </Button>
      </div>
    </form>
  );
}
