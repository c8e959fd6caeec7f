import type { ReactNode } from 'react';
import { Badge, Button, Card, StatCard } from '@parley/ui';
import type { DashboardStats } from './stats';
import type { DashboardTabId } from '../shell/tabs';
import * as styles from './overview.css';

export interface OverviewScreenProps {
  firstName: string;
  /** False on the first visit: 'Welcome, {name}' then, 'Welcome back, {name}' afterwards. */
  returning?: boolean;
  stats?: DashboardStats;
  loading?: boolean;
  onOpenTab: (tab: DashboardTabId) => void;
  /** Below the stat cards: the latest conversations (loaded after the page). */
  latest?: ReactNode;
  /** Under the three System Status lines: what is really configured (loaded after the page). */
  statusExtra?: ReactNode;
}

/**
 * Decorative, fixed progress values for the stat cards (spec: channels-and-shell §2); a count
 * of 0 shows an empty bar (statProgress), never a bar that looks partly full.
 */
const statCards = [
  { key: 'totalAgents', label: 'Total Agents', progress: 75 },
  { key: 'totalPhoneNumbers', label: 'Phone Numbers', progress: 60 },
  { key: 'totalWhatsAppNumbers', label: 'WhatsApp Numbers', progress: 45 },
  { key: 'totalEmails', label: 'Total Emails', progress: 30 },
] as const;

/** A card's bar: the spec's fixed value while there is something to count, empty at 0. */
export function statProgress(count: number, decorative: number): number {
  return count > 0 ? decorative : 0;
}

const quickActions: ReadonlyArray<{ label: string; tab: DashboardTabId; hint: string }> = [
  { label: 'Create Agent', tab: 'agents', hint: 'Build a chat or voice agent' },
  { label: 'Add Phone', tab: 'phone-numbers', hint: 'Assign a number to an agent' },
  { label: 'WhatsApp', tab: 'whatsapp', hint: 'Answer WhatsApp messages' },
  { label: 'Email', tab: 'email', hint: 'Connect a mailbox' },
];

const systemStatus = ['AI Services Operational', 'Communication Active', 'Database Connected'];

export function OverviewScreen({
  firstName,
  returning = true,
  stats,
  loading,
  onOpenTab,
  latest,
  statusExtra,
}: OverviewScreenProps) {
  return (
    <div className={styles.overview}>
      <section className={styles.welcome} aria-labelledby="overview-welcome">
        <div>
          <h1 id="overview-welcome" className={styles.heading}>
            {returning ? 'Welcome back' : 'Welcome'}, {firstName}
          </h1>
          <p className={styles.muted}>Here is what is happening with your agents today.</p>
        </div>
        <Badge tone="success" dot>
          System Online
        </Badge>
      </section>

      <section aria-label="Statistics" className={styles.stats}>
        {statCards.map((card) => (
          <StatCard
            key={card.key}
            label={card.label}
            value={stats ? stats[card.key] : 0}
            loading={loading || !stats}
            progress={statProgress(stats ? stats[card.key] : 0, card.progress)}
          />
        ))}
      </section>

      {latest}

      <div className={styles.columns}>
        <Card title="Quick Actions">
          <ul className={styles.actions} aria-label="Quick Actions">
            {quickActions.map((a) => (
              <li key={a.label} className={styles.action}>
                <Button
                  variant="secondary"
                  onClick={() => onOpenTab(a.tab)}
                  aria-describedby={`quick-${a.tab}`}
                >
                  {a.label}
                </Button>
                <span id={`quick-${a.tab}`} className={styles.actionHint}>
                  {a.hint}
                </span>
              </li>
            ))}
          </ul>
        </Card>
        <Card title="System Status">
          <ul className={styles.statusList}>
            {systemStatus.map((s) => (
              <li key={s} className={styles.statusItem}>
                <span className={styles.statusDot} aria-hidden="true" />
                {s}
              </li>
            ))}
          </ul>
          {statusExtra}
        </Card>
      </div>
    </div>
  );
}
