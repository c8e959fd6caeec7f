import { describe, expect, it } from 'vitest';
import { pageCss } from './styles';

describe('the public chat page layout', () => {
  it("fills a phone's visible height (100dvh, with 100vh for older browsers)", () => {
    const rule = /\.page\{([^}]*)\}/.exec(pageCss)![1]!;
    expect(rule).toContain('height:100vh;height:100dvh');
    // The panel then takes the page's whole height: the input sits at the bottom.
    expect(pageCss).toMatch(/\.page \.panel\{[^}]*height:100%/);
  });
});
