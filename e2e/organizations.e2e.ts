import { expect, test } from './fixtures';
import { createAgent, createOrganization, newUser, openTab, signUp } from './helpers';

/**
 * The organizations a user belongs to are reachable (issue 37 item 17): accepting an invitation
 * to another organization opens it, the navbar's switcher goes back (and the choice stays over a
 * reload), and a user creates one more organization, which opens with its success line.
 */
test('organizations: accept an invitation → land in it → switch back → create another', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const ada = newUser('ada');
  await signUp(page, ada);
  await createOrganization(page, 'Home Org');
  await createAgent(page, 'home_bot');

  // Another person's organization, with an agent of its own, invites Ada as Admin.
  const other = await browser.newContext({ reducedMotion: 'reduce' });
  const page2 = await other.newPage();
  await signUp(page2, newUser('grace'));
  await createOrganization(page2, 'Partner Org');
  await createAgent(page2, 'partner_bot');
  const me2 = await (await page2.request.get('/api/org/me')).json();
  const invited = await page2.request.post(`/api/org/${me2.organizations[0].orgId}/invitations`, {
    headers: { Origin: baseURL! },
    data: { email: ada.email, role: 'admin' },
  });
  expect(invited.status(), await invited.text()).toBe(200);
  const link: string = (await invited.json()).invitation.path;
  await other.close();

  // Ada accepts: the dashboard opens on Partner Org and says so.
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Join Partner Org' })).toBeVisible();
  await page.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(page.getByText('You joined Partner Org as Admin')).toBeVisible();
  const switcher = (name: string) =>
    page.getByRole('button', { name: new RegExp(`^${name} ?\\(switch organization\\)$`) });
  await expect(switcher('Partner Org')).toBeVisible();
  await openTab(page, 'Agents');
  await expect(page.getByText('partner_bot').first()).toBeVisible();
  await expect(page.getByText('home_bot')).toHaveCount(0);

  // Back to Home Org from the switcher; the choice stays over a reload.
  await switcher('Partner Org').click();
  const menu = page.getByRole('menu', { name: 'Organizations' });
  await expect(menu.getByRole('menuitemcheckbox', { name: 'Partner Org' })).toBeChecked();
  await menu.getByRole('menuitemcheckbox', { name: 'Home Org' }).click();
  await expect(switcher('Home Org')).toBeVisible();
  await expect(page.getByText('home_bot').first()).toBeVisible();
  await expect(page.getByText('partner_bot')).toHaveCount(0);
  await page.reload();
  await expect(switcher('Home Org')).toBeVisible();

  // The user menu switches too.
  await page.getByRole('button', { name: /^User menu for / }).click();
  await page
    .getByRole('menu', { name: 'User menu' })
    .getByRole('menuitemcheckbox', { name: 'Partner Org' })
    .click();
  await expect(switcher('Partner Org')).toBeVisible();

  // One more organization: created, opened, and said so (after the reload that follows).
  await switcher('Partner Org').click();
  await menu.getByRole('menuitem', { name: 'Create organization' }).click();
  const create = page.getByRole('dialog', { name: 'Create an organization' });
  await create.getByLabel('Organization name').fill('Third Org');
  await create.getByRole('button', { name: 'Create Organization' }).click();
  await expect(page.getByText('Organization created successfully!')).toBeVisible();
  await expect(switcher('Third Org')).toBeVisible();
  await switcher('Third Org').click();
  await expect(menu.getByRole('menuitemcheckbox')).toHaveText([
    'Home Org',
    'Partner Org',
    'Third Org',
  ]);
});
