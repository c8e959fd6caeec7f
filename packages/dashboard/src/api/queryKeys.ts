/** Query-key factory: one place, `as const`, invalidated by mutations. */
export const queryKeys = {
  me: ['me'] as const,
  agents: (orgId: string) => ['agents', orgId] as const,
  stats: (orgId: string) => ['stats', orgId] as const,
};
