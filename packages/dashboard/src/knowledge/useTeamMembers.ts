import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { createOrgClient, type FetchLike } from '@parley/api-client';

/**
 * The signed-in user and their organization's members, for the partial_members picker (the same
 * calls as Account → Members: /api/org/me for who is asking, /api/org/{org}/members), asked only while
 * `enabled` (once that permission is chosen).
 */
export function useTeamMembers(orgId: string, enabled: boolean, fetch?: FetchLike) {
  const client = useMemo(() => createOrgClient({ baseUrl: '/api/org', fetch }), [fetch]);
  return useQuery({
    queryKey: ['knowledge-picker-members', orgId] as const,
    queryFn: async () => {
      const me = await client.me();
      if (!me) return { userId: undefined, members: [] };
      return { userId: me.user.userId, members: (await client.members(orgId)).members };
    },
    enabled,
    retry: false,
  });
}
