import type { MouseEvent, ReactNode } from 'react';
import { Badge, Button, DropdownMenu, ThemeToggle, type ThemeName } from '@parley/ui';
import { dashboardTabs, type DashboardTabId } from './tabs';
import { organizationInitial } from './orgScope';
import type { SessionUser } from '../api/DashboardApi';
import * as styles from './shell.css';

export interface NavbarProps {
  orgName: string;
  user: SessionUser;
  /** null when the URL names a tab the dashboard does not have. */
  activeTab: DashboardTabId | null;
  onTabChange: (tab: DashboardTabId) => void;
  theme: ThemeName;
  onThemeChange: (theme: ThemeName) => void;
  onAccount: () => void;
  /** Opens the organization's Integrations (provider keys). */
  onIntegrations?: () => void;
  /** Opens the organization's Settings (business hours). */
  onSettings?: () => void;
  /** What waits for the member (the count of conversations that need a person). */
  alerts?: ReactNode;
  onLogout: () => void;
  loggingOut?: boolean;
}

/** The dashboard navbar: organization, tabs, theme toggle, 'Developer Access' and the user menu. */
export function Navbar({
  orgName,
  user,
  activeTab,
  onTabChange,
  theme,
  onThemeChange,
  onAccount,
  onIntegrations,
  onSettings,
  alerts,
  onLogout,
  loggingOut,
}: NavbarProps) {
  const activeLabel = dashboardTabs.find((t) => t.id === activeTab)?.label ?? 'Menu';
  const fullName = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email;
  const follow = (tab: DashboardTabId) => (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
    e.preventDefault();
    onTabChange(tab);
  };
  return (
    <header className={styles.navbar}>
      <div className={styles.brand}>
        <span className={styles.orgInitial} aria-hidden="true">
          {organizationInitial(orgName)}
        </span>
        <span className={styles.orgName} title={orgName}>
          {orgName}
        </span>
      </div>
      {/* Phones (≤ 640 px): one row, the tabs in a menu that names the open one. */}
      <div className={styles.tabMenu}>
        <DropdownMenu
          label="Dashboard sections"
          align="start"
          trigger={
            <Button variant="secondary" size="sm" aria-label={`Sections: ${activeLabel}`}>
              {activeLabel} <span aria-hidden="true">▾</span>
            </Button>
          }
          items={dashboardTabs.map((t) => ({
            label: t.id === activeTab ? `${t.label} (open)` : t.label,
            onSelect: () => onTabChange(t.id),
          }))}
        />
      </div>
      <nav aria-label="Dashboard" className={styles.nav}>
        {dashboardTabs.map((t) => (
          <a
            key={t.id}
            href={`?tab=${t.id}`}
            className={styles.navLink}
            aria-current={t.id === activeTab ? 'page' : undefined}
            onClick={follow(t.id)}
          >
            {t.label}
          </a>
        ))}
      </nav>
      <div className={styles.navEnd}>
        {alerts}
        <ThemeToggle theme={theme} onThemeChange={onThemeChange} />
        <span className={styles.developerBadge}>
          <Badge tone="primary">Developer Access</Badge>
        </span>
        <DropdownMenu
          label="User menu"
          trigger={
            <Button
              variant="ghost"
              aria-label={loggingOut ? 'Logging out...' : `User menu for ${fullName}`}
              busy={loggingOut}
              busyLabel="Logging out..."
            >
              {user.firstName || fullName}
            </Button>
          }
          header={
            <div className={styles.menuHeader}>
              <span className={styles.menuName}>{fullName}</span>
              <span className={styles.menuMuted}>{user.email}</span>
              <span className={styles.menuMuted}>Developer</span>
              <span className={styles.menuMuted}>{orgName}</span>
            </div>
          }
          items={[
            { label: 'Account', onSelect: onAccount },
            ...(onIntegrations ? [{ label: 'Integrations', onSelect: onIntegrations }] : []),
            ...(onSettings ? [{ label: 'Settings', onSelect: onSettings }] : []),
            {
              label: loggingOut ? 'Logging out...' : 'Log out',
              onSelect: onLogout,
              disabled: loggingOut,
              danger: true,
            },
          ]}
        />
      </div>
    </header>
  );
}
