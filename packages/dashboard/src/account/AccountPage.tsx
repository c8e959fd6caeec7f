import { lazy, Suspense, useEffect } from 'react';
import { Spinner } from '@parley/ui';
import { useMe } from '../api/hooks';
import { scopeOrganization } from '../shell/orgScope';
import { useOrganizationChoice } from '../storage/orgChoice';
import { useThemePreference } from '../shell/useThemePreference';
import { AccountScreen } from './AccountScreen';
import { MembersArea } from '../members/MembersArea';
import { WebhooksArea } from '../webhooks';
import { ApiKeysArea } from '../api-keys';
import { PrivacyArea } from '../privacy';

// The member's phone number and e-mail alerts (handoff to people) load with the page's data.
const ContactSettingsArea = lazy(() => import('../handoff/ContactSettingsArea'));

/** Container for /account. */
export function AccountPage({
  onBack,
  onSignedOut,
}: {
  onBack: () => void;
  onSignedOut: () => void;
}) {
  const me = useMe();
  useThemePreference();
  // The organization open in the dashboard (the switcher's choice), else the first.
  const [chosenOrgId] = useOrganizationChoice(me.data?.user.userId);
  useEffect(() => {
    if (me.isSuccess && me.data === null) onSignedOut();
  }, [me.isSuccess, me.data, onSignedOut]);
  if (!me.data) return <Spinner label="Loading account" />;
  const scoped = scopeOrganization(
    { userId: me.data.user.userId, organizations: me.data.organizations },
    {},
    chosenOrgId,
  );
  const current = me.data.organizations.find((o) => o.orgId === scoped.orgId);
  return (
    <AccountScreen
      user={me.data.user}
      organization={current ? { ...current, orgName: scoped.orgName } : null}
      onBack={onBack}
      contact={
        current ? (
          <Suspense fallback={null}>
            <ContactSettingsArea orgId={current.orgId} />
          </Suspense>
        ) : null
      }
      members={
        current ? (
          <>
            <MembersArea
              orgId={current.orgId}
              viewer={{ userId: me.data.user.userId, role: current.role }}
            />
            <ApiKeysArea orgId={current.orgId} viewerRole={current.role} />
          </>
        ) : null
      }
      privacy={current ? <PrivacyArea orgId={current.orgId} role={current.role} /> : null}
      webhooks={current ? <WebhooksArea orgId={current.orgId} role={current.role} /> : null}
    />
  );
}
