import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { Avatar } from './Avatar';
import {
  avatarColor,
  avatarColorIndex,
  avatarInitial,
  avatarTextColor,
  contrastRatio,
} from './avatarColor';
import { avatarColors } from '../../theme/tokens';
import { expectNoAxeViolations } from '../../test/axe';

describe('avatarColor', () => {
  it('given the 12-colour rule › picks avatarColors[first char code % 12]', () => {
    expect(avatarColors).toHaveLength(12);
    // Char codes 96..107 cover every remainder 0..11 exactly once.
    for (let code = 96; code < 108; code += 1) {
      const name = `${String.fromCharCode(code)}gent`;
      expect(avatarColor(name)).toBe(avatarColors[code % 12]);
    }
  });

  it('given known names › matches the worked examples', () => {
    expect(avatarColor('Alice')).toBe(avatarColors[65 % 12]); // 'A' = 65 → 5
    expect(avatarColor('alice')).toBe(avatarColors[97 % 12]); // 'a' = 97 → 1
    expect(avatarColor('Zed')).toBe(avatarColors[90 % 12]); // 'Z' = 90 → 6
    expect(avatarColor('7 Eleven')).toBe(avatarColors[55 % 12]); // '7' = 55 → 7
  });

  it('given names with the same first character › gives the same colour', () => {
    expect(avatarColor('Sales bot')).toBe(avatarColor('Support'));
    expect(avatarColorIndex('Sales bot')).toBe(83 % 12);
  });

  it('given an empty or blank name › gives avatarColors[0]', () => {
    expect(avatarColor('')).toBe(avatarColors[0]);
    expect(avatarColor('   ')).toBe(avatarColors[0]);
  });

  it('given every avatar colour › its letter ink reaches WCAG AA contrast (4.5:1)', () => {
    for (const color of avatarColors) {
      expect(contrastRatio(color, avatarTextColor(color))).toBeGreaterThanOrEqual(4.5);
    }
  });
});

describe('avatarInitial', () => {
  it('given a name › is its first character uppercased', () => {
    expect(avatarInitial('customer support')).toBe('C');
    expect(avatarInitial('Émile')).toBe('É');
  });

  it('given an empty name › is "?"', () => {
    expect(avatarInitial('')).toBe('?');
  });
});

describe('Avatar', () => {
  it('given a name › renders the uppercased letter as an image labelled by the name', () => {
    render(<Avatar name="support agent" />);
    const img = screen.getByRole('img', { name: 'support agent' });
    expect(img).toHaveTextContent('S');
    expect(img).toHaveAttribute('data-color-index', String(avatarColorIndex('support agent')));
  });

  it('given an empty name › shows "?" with the first colour', () => {
    render(<Avatar name="" />);
    const img = screen.getByRole('img', { name: 'Unknown' });
    expect(img).toHaveTextContent('?');
    expect(img).toHaveAttribute('data-color-index', '0');
  });

  it('given decorative › is hidden from assistive tech', () => {
    const { container } = render(<Avatar name="Jane Doe" decorative />);
    expect(screen.queryByRole('img')).toBeNull();
    expect(container.firstElementChild).toHaveAttribute('aria-hidden', 'true');
  });

  it('has no axe violations in each size', async () => {
    const { container } = render(
      <div>
        <Avatar name="Ada" size="sm" />
        <Avatar name="Bob" size="md" />
        <Avatar name="Cy" size="lg" />
        <Avatar name="" />
        <Avatar name="Deco" decorative />
      </div>,
    );
    await expectNoAxeViolations(container);
  });
});
