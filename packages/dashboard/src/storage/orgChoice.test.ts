import { describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import {
  chosenOrgKey,
  orgChoiceEvent,
  readChosenOrg,
  storeChosenOrg,
  useOrganizationChoice,
  type ChoiceStorage,
} from './orgChoice';

function memory(): ChoiceStorage {
  const data = new Map<string, string>();
  return {
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
}

describe('the chosen organization', () => {
  it('is remembered per user; none is null; a blocked storage is ignored', () => {
    const s = memory();
    expect(readChosenOrg(s, 'u1')).toBeNull();
    storeChosenOrg(s, 'u1', 'org_b');
    expect(readChosenOrg(s, 'u1')).toBe('org_b');
    expect(readChosenOrg(s, 'u2')).toBeNull();
    const blocked: ChoiceStorage = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {},
    };
    expect(() => storeChosenOrg(blocked, 'u1', 'x')).not.toThrow();
    expect(readChosenOrg(blocked, 'u1')).toBeNull();
  });

  it('the hook follows a choice made here or in another tab', () => {
    localStorage.clear();
    const seen = vi.fn();
    window.addEventListener(orgChoiceEvent, seen);
    const { result, rerender } = renderHook(({ id }) => useOrganizationChoice(id), {
      initialProps: { id: undefined as string | undefined },
    });
    expect(result.current[0]).toBeNull();
    rerender({ id: 'u1' });
    act(() => result.current[1]('org_b'));
    expect(result.current[0]).toBe('org_b');
    expect(seen).toHaveBeenCalled();
    act(() => {
      localStorage.setItem(chosenOrgKey('u1'), 'org_c');
      window.dispatchEvent(new StorageEvent('storage', { key: chosenOrgKey('u1') }));
    });
    expect(result.current[0]).toBe('org_c');
    window.removeEventListener(orgChoiceEvent, seen);
  });
});
