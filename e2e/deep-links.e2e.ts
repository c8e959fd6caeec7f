import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { createAgent, createOrganization, newUser, openTab, signUp } from './helpers';

/**
 * Deep links land where they point (issue 37 item 9): every `section=` of an agent's page, the
 * card's Analytics button and the inbox's "Open the agent's tests" link show their section at the
 * top of the page, under the sticky navbar, and it stays there while the sections above it load
 * (the Analytics section loads late and grows by about 1,000 px).
 */

/** Each `section=` value and the element it scrolls to. */
const sections = [
  { section: 'model', anchor: '#agent-settings-model', heading: 'Model' },
  { section: 'voice', anchor: '#agent-settings-voice', heading: 'Voice' },
  {
    section: 'configurations',
    anchor: '#agent-settings-configurations',
    heading: 'Configurations',
  },
  { section: 'widget', anchor: '#agent-section-widget', heading: 'Widget Configuration' },
  { section: 'analytics', anchor: '#agent-section-analytics', heading: 'Analytics' },
  { section: 'tests', anchor: '#agent-section-tests', heading: 'Tests' },
] as const;

/**
 * Where the section is: its top against the navbar's bottom, whether its heading is inside the
 * viewport below the navbar, and whether the page can scroll any further down.
 */
async function placement(page: Page, anchor: string) {
  return page.evaluate((selector) => {
    const el = document.querySelector(selector);
    const nav = document.querySelector('nav[aria-label="Dashboard"]')?.closest('header');
    const navBottom = nav ? nav.getBoundingClientRect().bottom : 0;
    if (!el) return null;
    const box = el.getBoundingClientRect();
    const heading = el.querySelector('h1, h2, h3')?.getBoundingClientRect() ?? box;
    const atBottom =
      Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight - 1;
    return {
      gap: Math.round(box.top - navBottom),
      headingShown: heading.top >= navBottom - 1 && heading.bottom <= window.innerHeight,
      atBottom,
    };
  }, anchor);
}

/** The section is shown at the top (under the navbar) — or the page cannot scroll further. */
async function expectLanded(page: Page, anchor: string, first: boolean) {
  await expect
    .poll(
      async () => {
        const p = await placement(page, anchor);
        if (!p || !p.headingShown) return 'not shown';
        // The first section starts the page: it is in view, below the agent's header.
        if (first) return 'landed';
        return p.gap >= 0 && (p.gap <= 120 || p.atBottom)
          ? 'landed'
          : `${p.gap} px below the navbar`;
      },
      { message: `${anchor} at the top of the page` },
    )
    .toBe('landed');
}

test('every section= link of an agent, the card’s Analytics and the tests link land on their section', async ({
  page,
}) => {
  await signUp(page, newUser('deeplinks'));
  await createOrganization(page, 'Deep Links Org');
  await createAgent(page, 'linked');
  const agentId = new URL(page.url()).searchParams.get('agent')!;

  // One chat: the agent's Analytics has figures (its full height) and the inbox a conversation.
  await page.getByRole('button', { name: 'Chat', exact: true }).click();
  const drawer = page.getByRole('dialog', { name: /Assistant/ });
  await drawer.getByLabel('Message').fill('Where do I park?');
  await drawer.getByLabel('Message').press('Enter');
  await expect(drawer.getByLabel('Message')).toBeEnabled({ timeout: 20_000 });
  await page.keyboard.press('Escape');

  for (const [index, s] of sections.entries()) {
    await page.goto(`/?tab=agents&agent=${agentId}&section=${s.section}`);
    await expect(
      page.locator(s.anchor).getByRole('heading', { name: s.heading }).first(),
    ).toBeVisible();
    await expectLanded(page, s.anchor, index === 0);
    // Every section above has loaded (lazy chunks, the analytics figures): it is still there.
    await page.waitForLoadState('networkidle');
    await expectLanded(page, s.anchor, index === 0);
  }

  // The card's Analytics button.
  await openTab(page, 'Agents');
  await page.getByRole('button', { name: 'Analytics' }).first().click();
  await expect(page).toHaveURL(/section=analytics/);
  const analytics = page.getByRole('region', { name: 'Analytics' });
  await expect(analytics.getByText('Conversations by channel').first()).toBeVisible({
    timeout: 30_000,
  });
  await page.waitForLoadState('networkidle');
  await expectLanded(page, '#agent-section-analytics', false);

  // The inbox's 'Make a test' notice links to the agent's Tests.
  await page.goto('/?view=conversations');
  await page.getByRole('option', { name: /Where do I park/ }).click();
  await page.getByRole('button', { name: 'Make a test' }).click();
  await page.getByRole('link', { name: 'Open the agent’s tests' }).click();
  await expect(page).toHaveURL(/[?&]section=tests/);
  const tests = page.getByRole('region', { name: 'Tests', exact: true });
  await expect(tests.getByText(/^From a chat conversation/)).toBeVisible({ timeout: 20_000 });
  await page.waitForLoadState('networkidle');
  await expectLanded(page, '#agent-section-tests', false);
});
