/** Query-key factory: one place, `as const`, invalidated by mutations. */
export const queryKeys = {
  me: ['me'] as const,
  signedIn: ['signed-in'] as const,
  agents: (orgId: string) => ['agents', orgId] as const,
  /** One agent's configuration (the detail and the editor read the same entry). */
  agent: (agentId: string) => ['agent', agentId] as const,
  stats: (orgId: string) => ['stats', orgId] as const,
  phoneNumbers: (orgId: string) => ['phone-numbers', orgId] as const,
  /** The agent's call log, and one call with its transcript. */
  calls: (agentId: string) => ['voice-calls', agentId] as const,
  call: (conversationId: string) => ['voice-call', conversationId] as const,
  scheduled: (orgId: string) => ['scheduled', orgId] as const,
  schedulingSettings: (orgId: string) => ['scheduled', orgId, 'settings'] as const,
  doNotCall: (orgId: string) => ['scheduled', orgId, 'do-not-call'] as const,
  availablePhoneNumbers: (orgId: string) => ['phone-numbers', orgId, 'available'] as const,
  channelPage: (channel: string, orgId: string) => ['channel', channel, orgId, 'numbers'] as const,
  channelMessages: (channel: string, orgId: string) =>
    ['channel', channel, orgId, 'messages'] as const,
  sendLimits: (orgId: string) => ['send-limits', orgId] as const,
  sharedProviders: (orgId: string) => ['shared-providers', orgId] as const,
  agentTools: (agentId: string) => ['agent-tools', agentId] as const,
  /** What is configured for the organization (GET /api/system-status): Overview, voice. */
  systemStatus: (orgId: string) => ['system-status', orgId] as const,
};
