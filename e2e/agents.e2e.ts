import { expect, test } from './fixtures';
import { createOrganization, newUser, openTab, signUp } from './helpers';

test('sign up → organization → create, inspect and delete an agent', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);

  const user = newUser('owner');
  await signUp(page, user);

  // Organization name rule, then creation.
  const dialog = page.getByRole('dialog', { name: 'Welcome! Create Your Organization' });
  await dialog.getByLabel('Organization name').fill('Bad-Name!');
  await dialog.getByRole('button', { name: 'Create Organization' }).click();
  await expect(
    dialog.getByText(
      'Organization name can only contain letters, numbers, underscores, and spaces',
    ),
  ).toBeVisible();
  await dialog.getByLabel('Organization name').fill('Acme Labs');
  await dialog.getByRole('button', { name: 'Create Organization' }).click();
  await expect(dialog).toBeHidden();

  await expect(page.getByText('Acme Labs').first()).toBeVisible();
  // The first visit says Welcome (not Welcome back).
  await expect(page.getByText(`Welcome, ${user.firstName}`)).toBeVisible();

  await openTab(page, 'Agents');
  await expect(page).toHaveURL(/tab=agents/);
  await expect(page.getByText('No agents found')).toBeVisible();

  // Identifier errors, exactly as the spec words them.
  await page.getByRole('button', { name: 'Create New Agent' }).click();
  const create = page.getByRole('dialog', { name: 'Create Agent' });
  const idField = create.getByLabel('Agent Identifier');
  const submit = create.getByRole('button', { name: 'Create Agent' });
  await submit.click();
  await expect(create.getByText('Please enter an agent prefix')).toBeVisible();
  await idField.fill('Bad-Id');
  await submit.click();
  await expect(
    create.getByText('Agent prefix can only contain lowercase letters, numbers, and underscores'),
  ).toBeVisible();
  await idField.fill('ab');
  await submit.click();
  await expect(create.getByText('Agent prefix must be at least 3 characters long')).toBeVisible();
  await idField.fill('a'.repeat(50));
  await submit.click();
  await expect(create.getByText('Agent prefix must be less than 50 characters long')).toBeVisible();

  await idField.fill('support_bot');
  await idField.press('Enter');
  await expect(create).toBeHidden();

  // The new agent is selected: its detail opens on the Model tab (spec §4), linked in the URL.
  await expect(page).toHaveURL(/agent=support_bot_/);
  await page.getByRole('button', { name: 'Back to Agents' }).click();

  const card = page.getByRole('article', { name: /support_bot/ });
  await expect(card).toBeVisible();
  await expect(card.getByText('active')).toBeVisible();
  // The kind chosen in the modal (the default: Knowledge Agent) reads on the card.
  await expect(card.getByText('Knowledge Agent')).toBeVisible();

  // QR modal encodes origin + /chatbot/{agentId}.
  await card.getByRole('button', { name: 'Generate QR code' }).click();
  const qr = page.getByRole('dialog', { name: /QR Code for support_bot/ });
  await expect(qr.getByText('Scan this QR code to open the agent on any device')).toBeVisible();
  await expect(qr.getByRole('img', { name: /QR code/ })).toBeVisible();
  await expect(qr.getByText(/\/chatbot\/support_bot_/)).toBeVisible();
  await qr.getByRole('button', { name: 'Close' }).first().click();

  // Data survives a reload (stored on the server).
  await page.reload();
  await expect(page.getByRole('article', { name: /support_bot/ })).toBeVisible();

  // 'Open Agent' opens it read-only; 'Edit agent settings' opens it editing (spec §2, §5, §6).
  await page
    .getByRole('article', { name: /support_bot/ })
    .getByRole('button', { name: 'Open Agent' })
    .click();
  await expect(page.getByLabel('System Prompt')).toBeDisabled();
  await page.getByRole('button', { name: 'Back to Agents' }).click();
  await page
    .getByRole('article', { name: /support_bot/ })
    .getByRole('button', { name: 'Edit agent settings' })
    .click();
  await expect(page.getByLabel('System Prompt')).toBeEnabled();
  await page.getByRole('button', { name: 'Back to Agents' }).click();

  await page
    .getByRole('article', { name: /support_bot/ })
    .getByRole('button', { name: 'Delete Agent' })
    .click();
  const del = page.getByRole('alertdialog', { name: 'Delete Agent' });
  await expect(del.getByText('Are you sure you want to delete "support_bot"?')).toBeVisible();
  await del.getByRole('button', { name: 'Delete Agent' }).click();
  await expect(page.getByText('No agents found')).toBeVisible();
});

test('another organization never sees the first one’s agent', async ({ browser }) => {
  const a = await browser.newContext();
  const pageA = await a.newPage();
  await signUp(pageA, newUser('alice'));
  await createOrganization(pageA, 'Alpha Org');
  await openTab(pageA, 'Agents');
  await pageA.getByRole('button', { name: 'Create New Agent' }).click();
  const create = pageA.getByRole('dialog', { name: 'Create Agent' });
  await create.getByLabel('Agent Identifier').fill('alpha_secret');
  await create.getByRole('button', { name: 'Create Agent' }).click();
  await expect(pageA).toHaveURL(/agent=alpha_secret_/);
  await pageA.getByRole('button', { name: 'Back to Agents' }).click();
  await expect(pageA.getByRole('article', { name: /alpha_secret/ })).toBeVisible();

  const b = await browser.newContext();
  const pageB = await b.newPage();
  await signUp(pageB, newUser('bob'));
  await createOrganization(pageB, 'Beta Org');
  await openTab(pageB, 'Agents');
  await expect(pageB.getByText('No agents found')).toBeVisible();
  await expect(pageB.getByText('alpha_secret')).toHaveCount(0);
  await a.close();
  await b.close();
});
