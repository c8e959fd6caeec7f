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

/** A tab named in the URL that the dashboard does not have (it shows 'under development'). */
export function unknownTabFromSearch(search: string): string | null {
  const value = new URLSearchParams(search).get('tab');
  return value && !dashboardTabs.some((t) => t.id === value) ? value : null;
}

/** After creating an organization the page reloads; this line is shown then (arrivalNotice). */
export const orgCreatedText = 'Organization created successfully!';

/** Reads the open tab from a URL search string; unknown or missing values open Overview. */
export function tabFromSearch(search: string): DashboardTabId {
  const value = new URLSearchParams(search).get('tab');
  const match = dashboardTabs.find((t) => t.id === value);
  return match ? match.id : 'overview';
}
