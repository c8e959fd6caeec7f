import { expect, test } from './fixtures';
import { createAgent, createOrganization, newUser, openTab, signUp } from './helpers';

test('a chat is counted in the agent’s Analytics: the card’s Analytics opens it, chart and table', async ({
  page,
}) => {
  await signUp(page, newUser('analytics'));
  await createOrganization(page, 'Analytics Org');
  await createAgent(page, 'numbers');

  // Chat with the agent (no model key: the offline responder answers, and the turn is stored).
  await page.getByRole('button', { name: 'Chat', exact: true }).click();
  const drawer = page.getByRole('dialog', { name: /Assistant/ });
  await drawer.getByLabel('Message').fill('Do you deliver on Sundays?');
  await drawer.getByLabel('Message').press('Enter');
  await expect(drawer.getByText('Do you deliver on Sundays?', { exact: true })).toBeVisible();
  await expect(drawer.getByLabel('Message')).toBeEnabled({ timeout: 20_000 });
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  // The card's Analytics opens the agent's Analytics section.
  await openTab(page, 'Agents');
  await expect(page.getByRole('button', { name: 'Create New Agent' })).toBeVisible();
  // (Exact: the organization switcher's name, 'Analytics Org', holds the word too.)
  await page.getByRole('button', { name: 'Analytics', exact: true }).first().click();
  await expect(page).toHaveURL(/section=analytics/);
  const section = page.getByRole('region', { name: 'Analytics' });
  await expect(section.getByRole('heading', { name: 'Conversations by channel' })).toBeVisible({
    timeout: 30_000,
  });
  // Today's conversation, in the chart (drawn) and in its table.
  const today = new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(new Date());
  await expect(section.getByTestId('channel-chart')).toHaveCount(2);
  await expect(section.locator('.recharts-bar-rectangle').first()).toBeAttached();
  await section.getByRole('switch', { name: 'Table' }).first().click();
  const table = section.getByRole('table', { name: 'Conversations by channel' });
  await expect(table).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'Chat' })).toBeVisible();
  await expect(table.getByRole('row', { name: new RegExp(`^${today}\\b`) })).toHaveText(
    new RegExp(`${today}\\s*1\\s*1`),
  );
  // The offline responder's answer is a question the agent could not answer.
  await expect(
    section.getByRole('button', { name: 'Add to knowledge: Do you deliver on Sundays?' }),
  ).toBeVisible();
});
