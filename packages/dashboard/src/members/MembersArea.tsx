import { messageOf } from '@parley/api-client';
import { MembersPanel } from './MembersPanel';
import { useMembers } from './queries';

export interface MembersAreaProps {
  orgId: string;
  viewer: { userId: string; role: string | null | undefined };
}

/** Container: the organization's members and invitations through TanStack Query. */
export function MembersArea({ orgId, viewer }: MembersAreaProps) {
  const m = useMembers(orgId);
  const busyId =
    (m.cancel.isPending ? m.cancel.variables : null) ??
    (m.remove.isPending ? m.remove.variables : null) ??
    (m.changeRole.isPending ? m.changeRole.variables?.memberId : null) ??
    null;
  return (
    <MembersPanel
      viewer={viewer}
      members={m.list.data?.members ?? []}
      invitations={m.list.data?.invitations ?? []}
      mailer={m.list.data?.mailer ?? false}
      origin={globalThis.location?.origin ?? ''}
      loading={m.list.isPending}
      error={m.list.error ? messageOf(m.list.error) : null}
      onRetry={() => void m.list.refetch()}
      actionError={m.actionError}
      inviting={m.invite.isPending}
      lastInvite={m.lastInvite}
      busyId={busyId}
      onInvite={(input) => m.invite.mutate(input)}
      onCancelInvitation={(id) => m.cancel.mutate(id)}
      onChangeRole={(memberId, role) => m.changeRole.mutate({ memberId, role })}
      onRemove={(memberId) => {
        const own = m.list.data?.members.find((x) => x.memberId === memberId);
        m.remove.mutate(memberId, {
          // Left the organization: start again from the console's home (its organizations).
          onSuccess: () => {
            if (own?.userId === viewer.userId) globalThis.location?.assign('/');
          },
        });
      }}
    />
  );
}
