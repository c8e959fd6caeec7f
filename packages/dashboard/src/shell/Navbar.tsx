import type { MouseEvent, ReactNode } from 'react';
import { Badge, Button, ThemeToggle, type DropdownMenuItem, type ThemeName } from '@parley/ui';
import { NavMenu as DropdownMenu } from './NavMenu';
import { dashboardTabs, type DashboardTabId } from './tabs';
import { organizationInitial } from './orgScope';
import type { OrganizationSummary, SessionUser } from '../api/DashboardApi';
import { ChevronDownIcon } from '../icons';
import * as styles from './shell.css';

export interface NavbarProps {
  orgName: string;
  /** Every organization the user belongs to (the switcher lists them). */
  organizations?: readonly OrganizationSummary[];
  /** The open organization (checked in the switcher); null before there is one. */
  currentOrgId?: string | null;
  onSwitchOrganization?: (orgId: string) => void;
  /** 'Create organization' (one more) in the switcher and the user menu. */
  onCreateOrganization?: () => void;
  user: SessionUser;
  /** null when the URL names a tab the dashboard does not have, or a view (Conversations) is open. */
  activeTab: DashboardTabId | null;
  onTabChange: (tab: DashboardTabId) => void;
  /** The organization-wide inbox (/?view=conversations): its own entry after the tabs. */
  onOpenConversations?: () => void;
  conversationsOpen?: boolean;
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

const conversationsLabel = 'Conversations';
/** Read after the organization's name on the switcher: 'Acme Labs (switch organization)'. */
export const switchOrganizationSuffix = ' (switch organization)';

/** The organization's initial and name, on the switcher and on the plain brand. */
function OrgName({ orgName }: { orgName: string }) {
  return (
    <>
      <span className={styles.orgInitial} aria-hidden="true">
        {organizationInitial(orgName)}
      </span>
      <span className={styles.orgName} title={orgName}>
        {orgName}
      </span>
    </>
  );
}

/**
 * The dashboard navbar: the organization (a switcher among the user's organizations, with
 * 'Create organization'), the tabs and Conversations, the theme toggle, 'Developer Access' and the
 * user menu (which also switches organization).
 */
export const createOrganizationLabel = 'Create organization';

/** The switcher's items: each organization (the open one checked), then 'Create organization'. */
export function organizationItems(
  organizations: readonly OrganizationSummary[],
  currentOrgId: string | null | undefined,
  onSwitch: ((orgId: string) => void) | undefined,
  onCreate: (() => void) | undefined,
): DropdownMenuItem[] {
  const items: DropdownMenuItem[] = onSwitch
    ? organizations.map((o) => ({
        label: o.orgName,
        checked: o.orgId === currentOrgId,
        onSelect: () => onSwitch(o.orgId),
      }))
    : [];
  if (onCreate)
    items.push({
      label: createOrganizationLabel,
      onSelect: onCreate,
      separatorBefore: items.length > 0,
    });
  return items;
}

export function Navbar({
  orgName,
  organizations = [],
  currentOrgId,
  onSwitchOrganization,
  onCreateOrganization,
  user,
  activeTab,
  onTabChange,
  onOpenConversations,
  conversationsOpen = false,
  theme,
  onThemeChange,
  onAccount,
  onIntegrations,
  onSettings,
  alerts,
  onLogout,
  loggingOut,
}: NavbarProps) {
  const activeLabel =
    dashboardTabs.find((t) => t.id === activeTab)?.label ??
    (conversationsOpen ? conversationsLabel : 'Menu');
  const orgItems = organizationItems(
    organizations,
    currentOrgId,
    onSwitchOrganization,
    onCreateOrganization,
  );
  const fullName = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email;
  const follow = (tab: DashboardTabId) => (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
    e.preventDefault();
    onTabChange(tab);
  };
  return (
    <header className={styles.navbar}>
      {orgItems.length ? (
        <DropdownMenu
          label="Organizations"
          align="start"
          trigger={
            <button type="button" className={`${styles.brand} ${styles.brandButton}`}>
              <OrgName orgName={orgName} />
              <span className={styles.visuallyHidden}>{switchOrganizationSuffix}</span>
              <ChevronDownIcon />
            </button>
          }
          items={orgItems}
        />
      ) : (
        <div className={styles.brand}>
          <OrgName orgName={orgName} />
        </div>
      )}
      {/* Phones (≤ 640 px): one row, the tabs in a menu that names the open one. */}
      <div className={styles.tabMenu}>
        <DropdownMenu
          label="Dashboard sections"
          align="start"
          trigger={
            <Button variant="secondary" size="sm" aria-label={`Sections: ${activeLabel}`}>
              {activeLabel} <ChevronDownIcon />
            </Button>
          }
          items={[
            ...dashboardTabs.map((t) => ({
              label: t.label,
              current: t.id === activeTab,
              onSelect: () => onTabChange(t.id),
            })),
            ...(onOpenConversations
              ? [
                  {
                    label: conversationsLabel,
                    current: conversationsOpen,
                    onSelect: onOpenConversations,
                  },
                ]
              : []),
          ]}
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
        {onOpenConversations ? (
          <a
            href="?view=conversations"
            className={styles.navLink}
            aria-current={conversationsOpen ? 'page' : undefined}
            onClick={(e) => {
              if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
              e.preventDefault();
              onOpenConversations();
            }}
          >
            {conversationsLabel}
          </a>
        ) : null}
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
            // Switch organization (when there are several) and create one more.
            ...organizationItems(
              organizations.length > 1 ? organizations : [],
              currentOrgId,
              onSwitchOrganization,
              onCreateOrganization,
            ).map((item, i) => (i === 0 ? { ...item, separatorBefore: true } : item)),
            ...(onSettings ? [{ label: 'Settings', onSelect: onSettings }] : []),
            {
              label: loggingOut ? 'Logging out...' : 'Log out',
              onSelect: onLogout,
              disabled: loggingOut,
              danger: true,
              separatorBefore: true,
            },
          ]}
        />
      </div>
    </header>
  );
}
