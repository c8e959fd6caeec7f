import type { ReactNode } from 'react';
import { Avatar, Badge, Button, Card } from '@parley/ui';
import type { OrganizationSummary, SessionUser } from '../api/DashboardApi';
import { roleLabel } from '../members/memberRules';
import { ArrowLeftIcon } from '../icons';
import * as styles from './account.css';

export interface AccountScreenProps {
  user: SessionUser;
  organization: OrganizationSummary | null;
  onBack: () => void;
  /** The organization's settings below it: Members (members/) and API keys (api-keys/). */
  members?: ReactNode;
  /** The organization's webhooks (webhooks/WebhooksArea), below Members. */
  webhooks?: ReactNode;
  /** Privacy settings, a person's data and the audit log (privacy/PrivacyArea), below Members. */
  privacy?: ReactNode;
  /** 'When a conversation needs a person': the member's phone number and e-mail alerts. */
  contact?: ReactNode;
}

/** /account: the signed-in user and the organization in scope. */
export function AccountScreen({
  user,
  organization,
  onBack,
  members,
  webhooks,
  privacy,
  contact,
}: AccountScreenProps) {
  const fullName = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email;
  return (
    <main className={styles.page}>
      <Button variant="ghost" onClick={onBack} icon={<ArrowLeftIcon />}>
        Back to Dashboard
      </Button>
      <h1 className={styles.heading}>Account</h1>
      <Card title="Profile">
        <div className={styles.profile}>
          <Avatar name={fullName} size="lg" />
          <dl className={styles.list}>
            <dt>Name</dt>
            <dd>{fullName}</dd>
            <dt>Email</dt>
            <dd>{user.email}</dd>
            <dt>Role</dt>
            <dd>
              <Badge tone="primary">Developer</Badge>
            </dd>
          </dl>
        </div>
      </Card>
      {contact}
      <Card title="Organization">
        <dl className={styles.list}>
          <dt>Name</dt>
          <dd>{organization?.orgName ?? 'No organization yet'}</dd>
          <dt>Organization ID</dt>
          <dd className={styles.mono}>{organization?.orgId ?? '—'}</dd>
          <dt>Membership</dt>
          <dd>{organization ? roleLabel(organization.role) : '—'}</dd>
        </dl>
      </Card>
      {members}
      {webhooks}
      {privacy}
    </main>
  );
}
