/** The dashboard tabs, in the order the navbar shows them (spec: channels-and-shell §2). */
export const dashboardTabs = [
  { id: 'overview', label: 'Overview' },
  { id: 'agents', label: 'Agents' },
  { id: 'phone-numbers', label: 'Phone Numbers' },
  { id: 'sms', label: 'SMS' },
  { id: 'whatsapp', label: 'WhatsApp' },
  { id: 'email', label: 'Email' },
  { id: 'knowledge-base', label: 'Knowledge Base' },
] as const;

export type DashboardTabId = (typeof dashboardTabs)[number]['id'];

export const underDevelopmentText = 'This section is under development and will be available soon.';

/** Reads the open tab from a URL search string; unknown or missing values open Overview. */
export function tabFromSearch(search: string): DashboardTabId {
  const value = new URLSearchParams(search).get('tab');
  const match = dashboardTabs.find((t) => t.id === value);
  return match ? match.id : 'overview';
}
