/**
 * Query keys of drafts and versions, under the organization's agents key (`['agents', orgId]`):
 * whatever invalidates the agents list — an editor save, a publish — reads them again too.
 */
export const versionsKeys = {
  versions: (orgId: string, agentId: string) => ['agents', orgId, 'versions', agentId] as const,
  version: (orgId: string, agentId: string, version: number) =>
    ['agents', orgId, 'versions', agentId, version] as const,
  draft: (orgId: string, agentId: string) => ['agents', orgId, 'draft', agentId] as const,
} as const;
