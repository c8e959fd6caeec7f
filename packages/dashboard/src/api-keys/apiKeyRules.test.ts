// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { canManageKeys, lastUsedLabel, newKeyErrors, toggleScope } from './apiKeyRules';

describe('API key rules', () => {
  it('owners and admins manage keys; members do not', () => {
    expect(canManageKeys('owner')).toBe(true);
    expect(canManageKeys('admin,member')).toBe(true);
    expect(canManageKeys('member')).toBe(false);
    expect(canManageKeys(null)).toBe(false);
  });

  it('the create form needs a name (at most 100 characters) and a scope', () => {
    expect(newKeyErrors({ name: ' ', scopes: [] })).toEqual({
      name: 'Give the key a name (what uses it, e.g. GitHub Actions)',
      scopes: 'Choose at least one scope',
    });
    expect(newKeyErrors({ name: 'x'.repeat(101), scopes: ['agents:read'] })).toEqual({
      name: 'The name must be at most 100 characters',
    });
    expect(newKeyErrors({ name: 'CI', scopes: ['agents:read'] })).toEqual({});
  });

  it('turns scopes on and off, keeping the contract’s order', () => {
    expect(toggleScope(['agents:publish'], 'agents:read', true)).toEqual([
      'agents:read',
      'agents:publish',
    ]);
    expect(toggleScope(['agents:read', 'agents:publish'], 'agents:read', false)).toEqual([
      'agents:publish',
    ]);
  });

  it('says when a key was last used', () => {
    const now = Date.parse('2026-11-28T12:00:00Z');
    expect(lastUsedLabel(null, now)).toBe('Never used');
    expect(lastUsedLabel('2026-11-28T11:59:30Z', now)).toBe('Used just now');
    expect(lastUsedLabel('2026-11-28T11:55:00Z', now)).toBe('Used 5 minutes ago');
    expect(lastUsedLabel('2026-11-28T11:00:00Z', now)).toBe('Used 1 hour ago');
    expect(lastUsedLabel('2026-11-26T12:00:00Z', now)).toBe('Used 2 days ago');
    expect(lastUsedLabel('2026-03-03T12:00:00Z', now)).toBe('Used on 3 Mar 2026');
  });
});
