import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  messageOf,
  type InviteMemberRequest,
  type InviteMemberResponse,
  type OrgRole,
} from '@parley/api-client';
import { useDashboardApi } from '../api/ApiContext';
import { useInvitationsClient } from '../api/clients/invitations';

export const membersKey = (orgId: string) => ['members', orgId] as const;
export const invitationKey = (id: string) => ['invitation', id] as const;

/** Members and invitations, with invite, cancel, change role and remove. */
export function useMembers(orgId: string) {
  const client = useDashboardApi().org;
  const qc = useQueryClient();
  const list = useQuery({
    queryKey: membersKey(orgId),
    queryFn: () => client.members(orgId),
    retry: false,
  });
  const reload = () => qc.invalidateQueries({ queryKey: membersKey(orgId) });
  const [lastInvite, setLastInvite] = useState<InviteMemberResponse | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const onError = (e: unknown) => setActionError(messageOf(e));

  const invite = useMutation({
    mutationFn: (body: InviteMemberRequest) => client.invite(orgId, body),
    onMutate: () => {
      setLastInvite(null);
      setActionError(null);
    },
    onSuccess: (answer) => setLastInvite(answer),
    onError,
    onSettled: reload,
  });
  const cancel = useMutation({
    mutationFn: (id: string) => client.cancelInvitation(orgId, id),
    onMutate: () => setActionError(null),
    onError,
    onSettled: reload,
  });
  const changeRole = useMutation({
    mutationFn: (v: { memberId: string; role: OrgRole }) =>
      client.changeRole(orgId, v.memberId, v.role),
    onMutate: () => setActionError(null),
    onError,
    onSettled: reload,
  });
  const remove = useMutation({
    mutationFn: (memberId: string) => client.removeMember(orgId, memberId),
    onMutate: () => setActionError(null),
    onError,
    onSettled: reload,
  });
  return { list, invite, cancel, changeRole, remove, lastInvite, actionError };
}

/** The invite link's page: the invitation's details and accepting it. */
export function useInvitation(id: string) {
  const client = useDashboardApi().org;
  const invitations = useInvitationsClient();
  const qc = useQueryClient();
  const details = useQuery({
    queryKey: invitationKey(id),
    queryFn: () => invitations.details(id),
    retry: false,
  });
  const accept = useMutation({
    mutationFn: () => client.acceptInvitation(id),
    onSuccess: () => qc.invalidateQueries(),
  });
  return { details, accept };
}
