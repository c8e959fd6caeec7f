import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Banner, Spinner } from '@parley/ui';
import { useCreateOrganization, useMe, useSignOut } from '../api/hooks';
import { Navbar } from './Navbar';
import { fallbackOrganizationName, scopeOrganization } from './orgScope';
import { useOrganizationChoice } from '../storage/orgChoice';
import { leaveArrivalNotice, useArrivalNotice } from '../storage/arrivalNotice';
import {
  dashboardTabs,
  orgCreatedText,
  tabFromSearch,
  underDevelopmentText,
  unknownTabFromSearch,
  type DashboardTabId,
} from './tabs';
import { useThemePreference } from './useThemePreference';
import { OverviewArea, firstNameOf, useDashboardStats } from '../overview';
import { isIntegrationsView } from '../integrations/links';

// The first-run modal (a Dialog and a form) is loaded only for a user without an organization.
const CreateOrganizationModal = lazy(() =>
  import('./CreateOrganizationModal').then((m) => ({ default: m.CreateOrganizationModal })),
);

// Each tab's code is loaded when the tab is first opened (the overview comes with the page).
const loadAgentsArea = () => import('../agents/AgentsArea');
const loadKnowledgeArea = () => import('../knowledge/KnowledgeArea');
const loadIntegrationsArea = () => import('../integrations/IntegrationsArea');
const IntegrationsArea = lazy(() =>
  loadIntegrationsArea().then((m) => ({ default: m.IntegrationsArea })),
);
const ConversationsArea = lazy(() => import('../conversations/ConversationsArea'));
// Handoff to people: the navbar's count of conversations that need a person, and Settings.
const HandoffWatch = lazy(() => import('../handoff/HandoffWatch'));
// The notice of a webhook disabled after days of failures: its code loads after the page's.
const DisabledWebhooksNotice = lazy(() =>
  import('../webhooks').then((m) => ({ default: m.DisabledWebhooksNotice })),
);
const SettingsArea = lazy(() => import('../handoff/SettingsArea'));
const loadPhoneNumbersArea = () => import('../phone-numbers/PhoneNumbersArea');
const loadSmsArea = () => import('../sms');
const loadWhatsappArea = () => import('../whatsapp');
const loadEmailArea = () => import('../email');
const EmailArea = lazy(() => loadEmailArea().then((m) => ({ default: m.EmailArea })));
const SmsArea = lazy(() => loadSmsArea().then((m) => ({ default: m.SmsArea })));
const WhatsappArea = lazy(() => loadWhatsappArea().then((m) => ({ default: m.WhatsappArea })));
const AgentsArea = lazy(() => loadAgentsArea().then((m) => ({ default: m.AgentsArea })));
const KnowledgeArea = lazy(() => loadKnowledgeArea().then((m) => ({ default: m.KnowledgeArea })));
const PhoneNumbersArea = lazy(() =>
  loadPhoneNumbersArea().then((m) => ({ default: m.PhoneNumbersArea })),
);

/** Starts loading the code the URL's tab (and open agent) needs, alongside the session check. */
function preloadFor(params: URLSearchParams) {
  const tab = params.get('tab');
  if (tab === 'agents')
    void loadAgentsArea().then((m) => (params.get('agent') ? m.preloadAgentDetail() : undefined));
  else if (tab === 'knowledge-base') void loadKnowledgeArea();
  else if (tab === 'phone-numbers') void loadPhoneNumbersArea();
  else if (tab === 'sms') void loadSmsArea();
  else if (tab === 'whatsapp') void loadWhatsappArea();
  else if (tab === 'email') void loadEmailArea();
}
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
  const unknownTab = unknownTabFromSearch(`?${params.toString()}`);
  // 'Organization created successfully!' (or 'You joined …') survives the reload before it.
  const [arrival, dismissArrival] = useArrivalNotice();
  const [theme, setTheme] = useThemePreference();
  const signOut = useSignOut();
  const createOrg = useCreateOrganization();
  const [creatingAnother, setCreatingAnother] = useState(false);

  const user = me.data?.user;
  const organizations = me.data?.organizations ?? [];
  const hasOrg = organizations.length > 0;
  const [chosenOrgId, chooseOrg] = useOrganizationChoice(user?.userId);
  const org = user
    ? scopeOrganization({ userId: user.userId, organizations }, {}, chosenOrgId)
    : null;
  // The user's role there (owners and admins manage; a member sees those controls disabled).
  const role = organizations.find((o) => o.orgId === org?.orgId)?.role ?? null;
  const stats = useDashboardStats(hasOrg ? org?.orgId : undefined);

  // Once, on the first render (the URL the page was opened with).
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => preloadFor(params), []);

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
  /** Another organization: the same tab (or view), nothing of the previous one's open. */
  const switchOrganization = (orgId: string) => {
    if (orgId === org.orgId) return;
    chooseOrg(orgId);
    const view = params.get('view');
    setParams(view === 'conversations' || view === 'integrations' ? { view } : { tab });
  };
  const createOrganization = (orgName: string) =>
    createOrg.mutate(orgName, {
      onSuccess: ({ orgId }) => {
        // After the reload: the new organization open, and the line that says so.
        chooseOrg(orgId);
        leaveArrivalNotice(orgCreatedText);
        (onReload ?? (() => window.location.reload()))();
      },
    });
  const openWaiting = (conversationId?: string) =>
    setParams(
      conversationId
        ? { view: 'conversations', status: 'needs_human', conversation: conversationId }
        : { view: 'conversations', status: 'needs_human' },
    );

  let content: ReactNode;
  if (!hasOrg) {
    content = (
      <div className={styles.placeholder}>
        <h1>Welcome to Parley, {firstNameOf(user)}!</h1>
        <p>Create your organization to start building agents.</p>
      </div>
    );
  } else if (isIntegrationsView(`?${params.toString()}`)) {
    content = <IntegrationsArea orgId={org.orgId} orgName={org.orgName} role={role} />;
  } else if (params.get('view') === 'conversations') {
    content = <ConversationsArea orgId={org.orgId} />;
  } else if (params.get('view') === 'settings') {
    content = (
      <SettingsArea
        orgId={org.orgId}
        role={me.data?.organizations.find((o) => o.orgId === org.orgId)?.role}
      />
    );
  } else if (unknownTab) {
    content = (
      <section aria-label="Under development" className={styles.placeholder}>
        <p>{underDevelopmentText}</p>
      </section>
    );
  } else if (tab === 'overview') {
    content = (
      <OverviewArea
        userId={user.userId}
        orgId={org.orgId}
        firstName={firstNameOf(user)}
        stats={stats.data}
        loading={stats.isPending}
        onOpenTab={openTab}
      />
    );
  } else if (tab === 'agents') {
    content = <AgentsArea orgId={org.orgId} />;
  } else if (tab === 'phone-numbers') {
    content = <PhoneNumbersArea orgId={org.orgId} orgName={org.orgName} role={role} />;
  } else if (tab === 'sms') {
    content = <SmsArea orgId={org.orgId} orgName={org.orgName} />;
  } else if (tab === 'whatsapp') {
    content = <WhatsappArea orgId={org.orgId} orgName={org.orgName} />;
  } else if (tab === 'email') {
    content = <EmailArea orgId={org.orgId} orgName={org.orgName} />;
  } else if (tab === 'knowledge-base') {
    content = <KnowledgeArea orgId={org.orgId} />;
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
        orgName={hasOrg ? org.orgName : fallbackOrganizationName}
        organizations={organizations}
        currentOrgId={hasOrg ? org.orgId : null}
        onSwitchOrganization={switchOrganization}
        onCreateOrganization={
          hasOrg
            ? () => {
                createOrg.reset();
                setCreatingAnother(true);
              }
            : undefined
        }
        user={user}
        activeTab={unknownTab || params.get('view') ? null : tab}
        conversationsOpen={params.get('view') === 'conversations'}
        onOpenConversations={() => setParams({ view: 'conversations' })}
        onTabChange={openTab}
        theme={theme}
        onThemeChange={setTheme}
        onAccount={onAccount}
        onIntegrations={() => setParams({ view: 'integrations' })}
        onSettings={hasOrg ? () => setParams({ view: 'settings' }) : undefined}
        alerts={
          hasOrg ? (
            <Suspense fallback={null}>
              <HandoffWatch orgId={org.orgId} onOpen={openWaiting} />
            </Suspense>
          ) : null
        }
        loggingOut={signOut.isPending}
        onLogout={() => signOut.mutate(undefined, { onSettled: onSignedOut })}
      />
      <main className={styles.main}>
        {arrival ? (
          <Banner
            slim
            className={styles.pageBanner}
            tone="success"
            title={arrival}
            dismissible
            autoDismissMs={5000}
            onDismiss={dismissArrival}
          />
        ) : null}
        {hasOrg ? (
          <Suspense fallback={null}>
            <DisabledWebhooksNotice
              className={styles.pageBanner}
              orgId={org.orgId}
              role={me.data?.organizations.find((o) => o.orgId === org.orgId)?.role}
            />
          </Suspense>
        ) : null}
        <Suspense
          fallback={
            <div className={styles.placeholder}>
              <Spinner label="Loading" />
            </div>
          }
        >
          {content}
        </Suspense>
      </main>
      {hasOrg ? (
        creatingAnother ? (
          <Suspense fallback={null}>
            <CreateOrganizationModal
              open
              another
              busy={createOrg.isPending}
              error={createOrg.error?.message ?? null}
              onCancel={() => setCreatingAnother(false)}
              onCreate={createOrganization}
            />
          </Suspense>
        ) : null
      ) : (
        <Suspense fallback={null}>
          <CreateOrganizationModal
            open
            busy={createOrg.isPending}
            error={createOrg.error?.message ?? null}
            email={user.email}
            loggingOut={signOut.isPending}
            onLogout={() => signOut.mutate(undefined, { onSettled: onSignedOut })}
            onCreate={createOrganization}
          />
        </Suspense>
      )}
    </div>
  );
}
