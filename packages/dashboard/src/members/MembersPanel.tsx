import { useState, type FormEvent } from 'react';
import {
  Badge,
  Banner,
  Button,
  Card,
  ConfirmDialog,
  CopyField,
  RetryBanner,
  Select,
  Spinner,
  TextField,
} from '@parley/ui';
import {
  hasOrgRole,
  managerRoles,
  orgRoleLabels,
  type OrgInvitation,
  type OrgMember,
  type OrgRole,
} from '@parley/api-client';
import {
  inviteLink,
  inviteRoles,
  memberActions,
  primaryRole,
  reasons,
  roleLabel,
} from './memberRules';
import * as styles from './members.css';

export interface MembersPanelProps {
  /** The signed-in user and their role in this organization. */
  viewer: { userId: string; role: string | null | undefined };
  members: OrgMember[];
  invitations: OrgInvitation[];
  /** Whether the server e-mails invitation links. */
  mailer: boolean;
  /** This console's address (the invite link is origin + path). */
  origin: string;
  loading?: boolean;
  error?: string | null;
  onRetry?: () => void;
  /** The refusal of the last change, in the server's words. */
  actionError?: string | null;
  inviting?: boolean;
  /** The invitation just created (its link shown to copy). */
  lastInvite?: { invitation: OrgInvitation; emailed: boolean } | null;
  /** Member or invitation id being changed. */
  busyId?: string | null;
  onInvite: (input: { email: string; role: OrgRole }) => void;
  onCancelInvitation: (invitationId: string) => void;
  onChangeRole: (memberId: string, role: OrgRole) => void;
  onRemove: (memberId: string) => void;
}

const validEmail = (v: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v.trim());

/**
 * Members (on /account): invite by e-mail address with a role, the invite link to copy (e-mailed
 * too when the server has a mailer), members with their roles, pending invitations. Controls the
 * viewer may not use stay visible, disabled, with the reason beside them.
 */
export function MembersPanel(props: MembersPanelProps) {
  const { viewer, members, invitations, mailer, origin, busyId } = props;
  const canManage = hasOrgRole(viewer.role, managerRoles);
  const roles = inviteRoles(viewer.role);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<OrgRole>('member');
  const [submitted, setSubmitted] = useState(false);
  const [removing, setRemoving] = useState<OrgMember | null>(null);
  const owners = members.filter((m) => hasOrgRole(m.role, ['owner'])).length;
  const emailError =
    submitted && !validEmail(email) ? 'Please enter a valid email address' : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!canManage || !validEmail(email) || props.inviting) return;
    props.onInvite({ email: email.trim(), role });
    setSubmitted(false);
    setEmail('');
  };

  if (props.loading)
    return (
      <Card title="Members">
        <Spinner label="Loading members" />
      </Card>
    );
  if (props.error)
    return (
      <Card title="Members">
        <RetryBanner
          title="Could not load the members"
          message={props.error}
          onRetry={props.onRetry}
        />
      </Card>
    );

  return (
    <Card title="Members">
      <div className={styles.stack}>
        {!canManage ? <Banner tone="info" title={reasons.manage} /> : null}
        {!mailer ? (
          <p className={styles.muted}>
            No mailer is configured on this server: invitations are not e-mailed. Copy the invite
            link and send it to the person yourself.
          </p>
        ) : null}
        <form
          className={styles.inviteForm}
          onSubmit={submit}
          noValidate
          aria-label="Invite a member"
        >
          <TextField
            label="Email address"
            type="email"
            value={email}
            onChange={setEmail}
            placeholder="name@example.com"
            errorMessage={emailError}
            disabled={!canManage || props.inviting}
            maxLength={254}
          />
          <Select
            label="Role"
            value={role}
            onValueChange={(v) => setRole(v as OrgRole)}
            items={(['member', 'admin', 'owner'] as const).map((r) => ({
              value: r,
              label: orgRoleLabels[r],
              disabled: !roles.includes(r),
            }))}
            disabled={!canManage || props.inviting}
          />
          <Button type="submit" busy={props.inviting} busyLabel="Inviting..." disabled={!canManage}>
            Invite
          </Button>
        </form>
        {props.actionError ? <Banner tone="error" title={props.actionError} /> : null}
        {props.lastInvite ? (
          <Banner
            tone="success"
            title={`Invitation created for ${props.lastInvite.invitation.email}`}
            message={
              props.lastInvite.emailed
                ? 'The link was e-mailed; you can also copy it below.'
                : 'Not e-mailed (no mailer is configured): copy the link and send it yourself.'
            }
          >
            {props.lastInvite.invitation.path ? (
              <CopyField
                label="Invite link"
                value={inviteLink(origin, props.lastInvite.invitation.path)}
              />
            ) : null}
          </Banner>
        ) : null}

        <h3 className={styles.sectionTitle}>Team ({members.length})</h3>
        <ul className={styles.list} aria-label="Members">
          {members.map((m) => {
            const you = m.userId === viewer.userId;
            const actions = memberActions(viewer.role, m, owners, you);
            return (
              <li key={m.memberId} className={styles.row} aria-label={m.email}>
                <div className={styles.who}>
                  <span className={styles.name}>
                    {m.name} {you ? <Badge tone="neutral">You</Badge> : null}
                  </span>
                  <span className={styles.muted}>{m.email}</span>
                  {actions.reason && canManage ? (
                    <span className={styles.muted}>{actions.reason}</span>
                  ) : null}
                </div>
                <Select
                  label={`Role of ${m.email}`}
                  value={primaryRole(m.role)}
                  onValueChange={(v) => props.onChangeRole(m.memberId, v as OrgRole)}
                  items={(['owner', 'admin', 'member'] as const).map((r) => ({
                    value: r,
                    label: orgRoleLabels[r],
                    disabled: !actions.roleChoices.includes(r),
                  }))}
                  disabled={!actions.canChangeRole || busyId === m.memberId}
                />
                <Button
                  variant="secondary"
                  size="sm"
                  className={styles.rowAction}
                  disabled={!actions.canRemove}
                  busy={busyId === m.memberId}
                  busyLabel="Removing..."
                  onClick={() => setRemoving(m)}
                >
                  {you ? 'Leave' : 'Remove'}
                </Button>
              </li>
            );
          })}
        </ul>

        <h3 className={styles.sectionTitle}>Pending invitations ({invitations.length})</h3>
        {invitations.length === 0 ? (
          <p className={styles.muted}>No pending invitations.</p>
        ) : (
          <ul className={styles.list} aria-label="Pending invitations">
            {invitations.map((inv) => (
              <li key={inv.id} className={styles.row} aria-label={inv.email}>
                <div className={styles.who}>
                  <span className={styles.name}>{inv.email}</span>
                  <span className={styles.muted}>
                    {roleLabel(inv.role)} ·{' '}
                    {inv.status === 'expired'
                      ? 'Expired'
                      : `Expires ${new Date(inv.expiresAt).toLocaleDateString()}`}
                    {inv.inviterName ? ` · invited by ${inv.inviterName}` : ''}
                  </span>
                  {inv.path ? (
                    <CopyField
                      label={`Invite link for ${inv.email}`}
                      value={inviteLink(origin, inv.path)}
                    />
                  ) : null}
                </div>
                <Badge tone={inv.status === 'expired' ? 'warning' : 'info'}>
                  {inv.status === 'expired' ? 'Expired' : 'Pending'}
                </Badge>
                <Button
                  variant="secondary"
                  size="sm"
                  className={styles.rowAction}
                  disabled={!canManage}
                  busy={busyId === inv.id}
                  busyLabel="Cancelling..."
                  onClick={() => props.onCancelInvitation(inv.id)}
                >
                  Cancel invitation
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => (open ? null : setRemoving(null))}
        title={removing?.userId === viewer.userId ? 'Leave the organization?' : 'Remove member?'}
        message={
          removing
            ? `${removing.name} (${removing.email}) will lose access to this organization.`
            : ''
        }
        confirmLabel={removing?.userId === viewer.userId ? 'Leave' : 'Remove'}
        tone="danger"
        onConfirm={() => {
          if (removing) props.onRemove(removing.memberId);
          setRemoving(null);
        }}
      />
    </Card>
  );
}
