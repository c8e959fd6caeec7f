import { lazy, Suspense, useEffect } from 'react';
import { Spinner } from '@parley/ui';
import { useMe } from '../api/hooks';
import { scopeOrganization } from '../shell/orgScope';
import { useThemePreference } from '../shell/useThemePreference';
import { AccountScreen } from './AccountScreen';
import { MembersArea } from '../members/MembersArea';

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
  useEffect(() => {
    if (me.isSuccess && me.data === null) onSignedOut();
  }, [me.isSuccess, me.data, onSignedOut]);
  if (!me.data) return <Spinner label="Loading account" />;
  const first = me.data.organizations[0];
  const scoped = scopeOrganization({
    userId: me.data.user.userId,
    organizations: me.data.organizations,
  });
  return (
    <AccountScreen
      user={me.data.user}
      organization={first ? { ...first, orgName: scoped.orgName } : null}
      onBack={onBack}
      contact={
        first ? (
          <Suspense fallback={null}>
            <ContactSettingsArea orgId={first.orgId} />
          </Suspense>
        ) : null
      }
      members={
        first ? (
          <MembersArea
            orgId={first.orgId}
            viewer={{ userId: me.data.user.userId, role: first.role }}
          />
        ) : null
      }
    />
  );
}
