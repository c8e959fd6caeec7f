// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { dashboardTabs, tabFromSearch, unknownTabFromSearch } from './tabs';

describe('dashboard tabs', () => {
  it('lists the seven tabs of the spec in order', () => {
    expect(dashboardTabs.map((t) => t.label)).toEqual([
      'Overview',
      'Agents',
      'Phone Numbers',
      'SMS',
      'WhatsApp',
      'Email',
      'Knowledge Base',
    ]);
  });
  it('reads the tab from the URL and falls back to overview', () => {
    expect(tabFromSearch('?tab=agents')).toBe('agents');
    expect(tabFromSearch('?tab=nope')).toBe('overview');
    expect(tabFromSearch('')).toBe('overview');
  });
  it('names a tab the dashboard does not have (it shows under development)', () => {
    expect(unknownTabFromSearch('?tab=billing')).toBe('billing');
    expect(unknownTabFromSearch('?tab=agents')).toBeNull();
    expect(unknownTabFromSearch('')).toBeNull();
  });
});
