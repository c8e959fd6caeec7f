import { useEffect, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Spinner } from '@parley/ui';
import { useCreateOrganization, useDashboardStats, useMe, useSignOut } from '../api/hooks';
import { Navbar } from './Navbar';
import { CreateOrganizationModal } from './CreateOrganizationModal';
import { scopeOrganization } from './orgScope';
import { dashboardTabs, tabFromSearch, underDevelopmentText, type DashboardTabId } from './tabs';
import { useThemePreference } from './useThemePreference';
import { OverviewScreen } from '../overview/OverviewScreen';
import { firstNameOf } from '../overview/stats';
import { AgentsArea } from '../agents/AgentsArea';
import { KnowledgeArea } from '../knowledge/KnowledgeArea';
import { PhoneNumbersArea } from '../phone-numbers/PhoneNumbersArea';
import { IntegrationsArea } from '../integrations/IntegrationsArea';
import { isIntegrationsView } from '../integrations/links';
import * as styles from './shell.css';

export interface DashboardPageProps {
  onSignedOut: () => void;
  onAccount: () => void;
  /** After the organization is created the page reloads (spec: channels-and-shell §4). */
  onReload?: () => void;
}

/** Container for `/`: auth gate, organization scoping, navbar and the open tab (kept in the URL). */
export function DashboardPage({ onSignedOut, onAccount, onReload }: DashboardPageProps) {
  const me = useMe();
  const [params, setParams] = useSearchParams();
  const tab = tabFromSearch(`?${params.toString()}`);
  const [theme, setTheme] = useThemePreference();
  const signOut = useSignOut();
  const createOrg = useCreateOrganization();

  const user = me.data?.user;
  const hasOrg = (me.data?.organizations.length ?? 0) > 0;
  const org = user
    ? scopeOrganization({ userId: user.userId, organizations: me.data?.organizations })
    : null;
  const stats = useDashboardStats(hasOrg ? org?.orgId : undefined);

  useEffect(() => {
    if (me.isSuccess && me.data === null) onSignedOut();
  }, [me.isSuccess, me.data, onSignedOut]);

  if (me.isPending || !user || !org) {
    return (
      <div className={styles.placeholder}>
        <Spinner label="Loading your workspace" />
      </div>
    );
  }

  const openTab = (next: DashboardTabId) => setParams({ tab: next });

  let content: ReactNode;
  if (!hasOrg) {
    content = (
      <div className={styles.placeholder}>
        <h1>Welcome to Parley, {firstNameOf(user)}!</h1>
        <p>Create your organization to start building agents.</p>
      </div>
    );
  } else if (isIntegrationsView(`?${params.toString()}`)) {
    content = <IntegrationsArea orgId={org.orgId} orgName={org.orgName} />;
  } else if (tab === 'overview') {
    content = (
      <OverviewScreen
        firstName={firstNameOf(user)}
        stats={stats.data}
        loading={stats.isPending}
        onOpenTab={openTab}
      />
    );
  } else if (tab === 'agents') {
    content = <AgentsArea orgId={org.orgId} />;
  } else if (tab === 'phone-numbers') {
    content = <PhoneNumbersArea orgId={org.orgId} orgName={org.orgName} />;
  } else if (tab === 'knowledge-base') {
    content = <KnowledgeArea />;
  } else {
    const label = dashboardTabs.find((t) => t.id === tab)?.label;
    content = (
      <section aria-label={label} className={styles.placeholder}>
        <h1>{label}</h1>
        <p>{underDevelopmentText}</p>
      </section>
    );
  }

  return (
    <div className={styles.layout}>
      <Navbar
        orgName={org.orgName}
        user={user}
        activeTab={tab}
        onTabChange={openTab}
        theme={theme}
        onThemeChange={setTheme}
        onAccount={onAccount}
        onIntegrations={() => setParams({ view: 'integrations' })}
        loggingOut={signOut.isPending}
        onLogout={() => signOut.mutate(undefined, { onSettled: onSignedOut })}
      />
      <main className={styles.main}>{content}</main>
      <CreateOrganizationModal
        open={!hasOrg}
        busy={createOrg.isPending}
        error={createOrg.error?.message ?? null}
        onCreate={(orgName) =>
          createOrg.mutate(orgName, {
            onSuccess: () => (onReload ?? (() => window.location.reload()))(),
          })
        }
      />
    </div>
  );
}
