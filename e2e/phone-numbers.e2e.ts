import { expect, test, type Page } from '@playwright/test';
import { createOrganization, newUser, openTab, signUp } from './helpers';

const statValue = (page: Page, label: string) =>
  page.getByRole('group', { name: label }).locator('p').nth(1);

test('sign in → Phone Numbers → sync → filters narrow → Add Agent → Overview counts → unassign with None', async ({
  page,
}) => {
  const user = newUser('phones');
  await signUp(page, user);
  await createOrganization(page, 'Phone Org');

  await expect(statValue(page, 'Phone Numbers')).toHaveText('0');

  // An agent to answer a number.
  await openTab(page, 'Agents');
  await page.getByRole('button', { name: 'Create New Agent' }).click();
  const create = page.getByRole('dialog', { name: 'Create Agent' });
  await create.getByLabel('Agent Identifier').fill('front_desk');
  await create.getByRole('button', { name: 'Create Agent' }).click();
  await expect(create).toBeHidden();
  await expect(page).toHaveURL(/agent=front_desk_/);

  await openTab(page, 'Phone Numbers');
  await expect(page).toHaveURL(/tab=phone-numbers/);
  await expect(page.getByTestId('sandbox-notice')).toContainText('Sandbox');
  await expect(page.getByText('No phone numbers found for this organization')).toBeVisible();

  await page.getByRole('button', { name: 'Sync Phone Numbers' }).click();
  await expect(
    page.getByText('Phone numbers synced successfully from a telephony provider!'),
  ).toBeVisible();
  const table = page.getByRole('table', { name: 'Inbound phone numbers' });
  const rows = table.locator('tbody tr');
  await expect(rows).toHaveCount(5);
  // The success banner clears after 3 s.
  await expect(
    page.getByText('Phone numbers synced successfully from a telephony provider!'),
  ).toBeHidden({ timeout: 10_000 });

  // Search and filters narrow the table, conjunctively.
  const first = (await rows.first().locator('th, td').first().innerText()).trim();
  const search = page.getByRole('searchbox', { name: 'Search phone numbers' });
  await search.fill(first);
  await expect(rows).toHaveCount(1);
  await search.fill('');
  await page.getByRole('combobox', { name: 'WhatsApp' }).click();
  await page.getByRole('option', { name: 'Enabled' }).click();
  await expect(rows).toHaveCount(3);
  await page.getByRole('combobox', { name: 'Voice' }).click();
  await page.getByRole('option', { name: 'Disabled' }).click();
  await expect(rows).toHaveCount(2);
  await search.fill('nobody');
  await expect(page.getByText('Try adjusting your search')).toBeVisible();
  await page.getByRole('button', { name: 'Clear All Filters' }).click();
  await expect(rows).toHaveCount(5);
  await expect(table.getByRole('columnheader', { name: 'Unassign' })).toHaveCount(0);

  // Add Agent assigns an available number (Escape closes the modal first).
  await page.getByRole('button', { name: 'Add Agent' }).click();
  let add = page.getByRole('dialog', { name: 'Add Agent' });
  await expect(add).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(add).toBeHidden();
  await page.getByRole('button', { name: 'Add Agent' }).click();
  add = page.getByRole('dialog', { name: 'Add Agent' });
  await add.getByRole('combobox', { name: 'Agent prefix' }).click();
  await page.getByRole('option', { name: 'front_desk' }).click();
  await add.getByRole('combobox', { name: 'Phone number' }).click();
  // Voice is assigned here: only the three numbers that have voice are offered (not the SMS- or
  // WhatsApp-only ones).
  await expect(page.getByRole('option')).toHaveCount(3);
  const option = page.getByRole('option').first();
  const dialogNumber = (await option.innerText()).trim();
  expect(dialogNumber).toMatch(/^\+1 \d{3} 555 0\d{3}$/);
  await option.click();
  await add.getByRole('button', { name: 'Add Agent' }).click();
  await expect(add).toBeHidden();
  const e164 = `+${dialogNumber.replace(/\D/g, '')}`;
  await expect(page.getByText(`Phone number ${e164} assigned successfully!`)).toBeVisible();
  const row = rows.filter({ hasText: e164 });
  await expect(row).toContainText('front_desk');
  await expect(table.getByRole('columnheader', { name: 'Unassign' })).toBeVisible();

  // A number without voice has no voice agent to choose.
  const noVoice = rows.filter({ hasText: 'No voice on this number' });
  await expect(noVoice).toHaveCount(2);
  await expect(noVoice.getByRole('button', { name: /^Edit agent of / })).toHaveCount(0);

  // The Overview counts are real.
  await openTab(page, 'Overview');
  await expect(statValue(page, 'Phone Numbers')).toHaveText('5');
  await expect(statValue(page, 'WhatsApp Numbers')).toHaveText('3');

  // 'None (Delete Agent)' unassigns.
  await openTab(page, 'Phone Numbers');
  await page.getByRole('button', { name: `Edit agent of ${e164}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Assignment' });
  await edit.getByRole('combobox', { name: 'Agent' }).click();
  await page.getByRole('option', { name: 'None (Delete Agent)' }).click();
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByText(`Phone number ${e164} unassigned successfully!`)).toBeVisible();
  await expect(rows.filter({ hasText: e164 })).toContainText('Unassigned');
  await expect(table.getByRole('columnheader', { name: 'Unassign' })).toHaveCount(0);

  // Survives a reload (stored on the server).
  await page.reload();
  await expect(
    page.getByRole('table', { name: 'Inbound phone numbers' }).locator('tbody tr'),
  ).toHaveCount(5);
});
