import { describe, expect, it } from 'vitest';
import { chatCss } from './styles';

describe('chat widget styles', () => {
  it('show focus rings for keyboard focus only (:focus-visible, never plain :focus)', () => {
    expect(chatCss).not.toMatch(/:focus(?![-\w])/);
    expect(chatCss).toMatch(/:focus-visible/);
  });
});
