import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeToggle } from './ThemeToggle';
import { readThemePreference, themeStorageKey, writeThemePreference } from './themePreference';
import { expectNoAxeViolations } from '../../test/axe';

describe('ThemeToggle', () => {
  it('given light › offers dark and reports it on press (keyboard too)', async () => {
    const onThemeChange = vi.fn();
    render(<ThemeToggle theme="light" onThemeChange={onThemeChange} />);
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Switch to dark theme' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(onThemeChange).toHaveBeenCalledWith('dark');
  });

  it('given dark › offers light', () => {
    render(<ThemeToggle theme="dark" onThemeChange={() => {}} />);
    expect(screen.getByRole('button', { name: 'Switch to light theme' })).toBeInTheDocument();
  });

  it('has no axe violations', async () => {
    const { container } = render(<ThemeToggle theme="light" onThemeChange={() => {}} />);
    await expectNoAxeViolations(container);
  });
});

describe('theme preference', () => {
  const storage = (value: string | null) => ({ getItem: vi.fn(() => value), setItem: vi.fn() });

  it('given a stored light/dark value › returns it whatever the system prefers', () => {
    expect(readThemePreference(storage('dark'), false)).toBe('dark');
    expect(readThemePreference(storage('light'), true)).toBe('light');
  });
  it('given a missing or invalid value › falls back to the system preference', () => {
    expect(readThemePreference(storage(null), true)).toBe('dark');
    expect(readThemePreference(storage('purple'), false)).toBe('light');
    expect(readThemePreference(undefined, true)).toBe('dark');
  });
  it('given matchMedia instead of a boolean › asks it for the dark colour scheme', () => {
    const matchMedia = vi.fn((query: string) => ({
      matches: query === '(prefers-color-scheme: dark)',
    }));
    expect(readThemePreference(storage(null), matchMedia)).toBe('dark');
    expect(matchMedia).toHaveBeenCalledWith('(prefers-color-scheme: dark)');
    expect(readThemePreference(storage(null), () => ({ matches: false }))).toBe('light');
    expect(readThemePreference(storage('light'), matchMedia)).toBe('light');
    expect(readThemePreference(storage(null), undefined)).toBe('light');
  });
  it('given a storage that throws › reads the system preference and writes nothing', () => {
    const throwing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('full');
      },
    };
    expect(readThemePreference(throwing, false)).toBe('light');
    expect(() => writeThemePreference(throwing, 'dark')).not.toThrow();
  });
  it('given a theme › writes it under parley.theme', () => {
    const s = storage(null);
    writeThemePreference(s, 'dark');
    expect(s.setItem).toHaveBeenCalledWith(themeStorageKey, 'dark');
    expect(themeStorageKey).toBe('parley.theme');
  });
});
