import { expect, test } from './fixtures';
import { createOrganization, newUser, signUp } from './helpers';

test('API keys: create one on the Account page, copy it once, call /api with it, revoke it → 401', async ({
  page,
  context,
  baseURL,
}) => {
  await signUp(page, newUser('keys'));
  await createOrganization(page, 'Keys Org');
  await page.goto('/account');
  const orgId = (await page.locator('dt:has-text("Organization ID") + dd').innerText()).trim();
  await expect(page.getByText('No API keys yet')).toBeVisible();

  // A name and a scope; the key is shown once, with Copy.
  const form = page.getByRole('form', { name: 'Create an API key' });
  await form.getByRole('button', { name: 'Create key' }).click();
  await expect(form.getByText('Choose at least one scope')).toBeVisible();
  await form.getByLabel('Key name').fill('CI deploy');
  await form.getByRole('checkbox', { name: /agents:read/ }).check();
  await form.getByRole('button', { name: 'Create key' }).click();
  const dialog = page.getByRole('dialog', { name: 'API key created' });
  const field = dialog.getByLabel('API key “CI deploy”');
  const key = await field.inputValue();
  expect(key).toMatch(/^parley_[A-Za-z0-9_-]{43}$/);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await field.locator('xpath=..').getByRole('button').click();
  await expect(field.locator('xpath=..').getByText('Copied!')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('listitem', { name: 'CI deploy' });
  await expect(row).toContainText(`parley_…${key.slice(-4)}`);
  await expect(row).toContainText('Never used');
  await expect(page.getByText(key)).toHaveCount(0);

  // The key works from a script (no cookie): its organization's agents.
  const call = () =>
    fetch(`${baseURL}/api/agents/by-org/${orgId}`, { headers: { 'x-api-key': key } });
  const ok = await call();
  expect(ok.status).toBe(200);
  expect(await ok.json()).toEqual({ agents: [] });
  await page.reload();
  await expect(page.getByRole('listitem', { name: 'CI deploy' })).toContainText('Used just now');

  // Revoked after confirming: it stops working at once.
  await page.getByRole('button', { name: 'Revoke CI deploy' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('stops working at once');
  await confirm.getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByRole('listitem', { name: 'CI deploy' })).toHaveCount(0);
  await expect(page.getByText('No API keys yet')).toBeVisible();
  const refused = await call();
  expect(refused.status).toBe(401);
  expect((await refused.json()).error).toMatch(/^Invalid API key/);
});
