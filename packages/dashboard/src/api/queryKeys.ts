/** Query-key factory: one place, `as const`, invalidated by mutations. */
export const queryKeys = {
  me: ['me'] as const,
  agents: (orgId: string) => ['agents', orgId] as const,
  stats: (orgId: string) => ['stats', orgId] as const,
  phoneNumbers: (orgId: string) => ['phone-numbers', orgId] as const,
  availablePhoneNumbers: (orgId: string) => ['phone-numbers', orgId, 'available'] as const,
  channelPage: (channel: string, orgId: string) => ['channel', channel, orgId, 'numbers'] as const,
  channelMessages: (channel: string, orgId: string) =>
    ['channel', channel, orgId, 'messages'] as const,
};
