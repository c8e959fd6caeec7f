/** Dashboard stats (spec: channels-and-shell §3). A failed source counts as 0. */
export interface DashboardStats {
  totalAgents: number;
  totalPhoneNumbers: number;
  totalWhatsAppNumbers: number;
  totalEmails: number;
}

export interface StatSources {
  agents: () => Promise<readonly unknown[]>;
  phoneNumbers: () => Promise<ReadonlyArray<{ whatsapp_enabled?: boolean | null }>>;
  mailboxMappings: () => Promise<readonly unknown[]>;
}

async function settle<T>(load: () => Promise<T>, fallback: T): Promise<T> {
  try {
    return await load();
  } catch {
    return fallback;
  }
}

export async function loadDashboardStats(sources: StatSources): Promise<DashboardStats> {
  const [agents, numbers, mailboxes] = await Promise.all([
    settle(sources.agents, []),
    settle(sources.phoneNumbers, []),
    settle(sources.mailboxMappings, []),
  ]);
  return {
    totalAgents: agents.length,
    totalPhoneNumbers: numbers.length,
    totalWhatsAppNumbers: numbers.filter((n) => n.whatsapp_enabled === true).length,
    totalEmails: mailboxes.length,
  };
}

/** The first name shown in 'Welcome back, {first name}'. */
export function firstNameOf(user: { firstName?: string | null; email?: string | null }): string {
  const first = user.firstName?.trim();
  if (first) return first;
  return user.email?.split('@')[0] ?? 'there';
}
