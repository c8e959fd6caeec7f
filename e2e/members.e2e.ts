import { expect, test } from './fixtures';
import { createOrganization, newUser, signUp } from './helpers';

test('members: invite by e-mail, copy the link, accept in a second browser, change the role, remove', async ({
  page,
  context,
  browser,
}) => {
  const owner = newUser('owner');
  const invitee = newUser('invitee');
  await signUp(page, owner);
  await createOrganization(page, 'Team Org');

  // The owner invites by e-mail address as Member; no mailer here: the link is shown to copy.
  await page.goto('/account');
  await expect(page.getByText('No mailer is configured on this server')).toBeVisible();
  await page.getByLabel('Email address').fill(invitee.email);
  await page.getByRole('button', { name: 'Invite', exact: true }).click();
  await expect(page.getByText(`Invitation created for ${invitee.email}`)).toBeVisible();
  const field = page.getByLabel('Invite link', { exact: true });
  const shown = await field.inputValue();
  expect(shown).toMatch(/\/invite\/[A-Za-z0-9_-]+$/);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await field.locator('xpath=..').getByRole('button').click();
  await expect(field.locator('xpath=..').getByText('Copied!')).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toBe(shown);
  await expect(page.getByRole('list', { name: 'Pending invitations' })).toContainText(
    invitee.email,
  );

  // The invitee opens the link in another browser, signs up with the invited address and joins.
  const other = await browser.newContext({ reducedMotion: 'reduce' });
  const page2 = await other.newPage();
  await page2.goto(link);
  await expect(page2.getByRole('heading', { name: 'Join Team Org' })).toBeVisible();
  await page2.getByRole('button', { name: 'Sign in or sign up to join' }).click();
  await page2.waitForURL(/\/login\?next=/);
  // The invited address is filled in.
  await expect(page2.getByLabel('Email')).toHaveValue(invitee.email);
  await page2.getByRole('tab', { name: 'Sign up' }).click();
  await page2.getByLabel('First name').fill('Grace');
  await page2.getByLabel('Last name').fill('Hopper');
  await page2.getByLabel('Email').fill(invitee.email);
  await page2.getByLabel('Password').fill(invitee.password);
  await page2.getByRole('button', { name: 'Create account' }).click();
  await page2.waitForURL(/\/invite\//);
  await page2.getByRole('button', { name: 'Accept invitation' }).click();
  // The dashboard opens on the joined organization and says so.
  await expect(page2.getByText('You joined Team Org as Member')).toBeVisible();
  await expect(page2).toHaveURL(/\/(\?.*)?$/);

  // As a member, the invitee sees the team, with the managing controls disabled and the reason.
  await page2.goto('/account');
  await expect(
    page2.getByText('Only an owner or admin can invite members, change roles and remove members.'),
  ).toBeVisible();
  await expect(page2.getByRole('button', { name: 'Invite', exact: true })).toBeDisabled();
  // … and the owners' and admins' controls elsewhere, disabled with the server's words.
  await page2.goto('/?tab=phone-numbers');
  const sync = page2.getByRole('button', { name: 'Sync Phone Numbers' });
  await expect(sync).toBeDisabled();
  await expect(sync).toHaveAccessibleDescription(
    'Only an owner or admin can sync numbers from the provider',
  );
  await page2.goto('/?view=integrations');
  const save = page2
    .getByRole('form', { name: 'OpenAI key' })
    .getByRole('button', { name: 'Save' });
  await expect(save).toBeDisabled();
  await expect(save).toHaveAccessibleDescription(
    'Only an owner or admin can change provider credentials',
  );

  // The owner makes the invitee an admin.
  await page.reload();
  const row = page.getByRole('listitem', { name: invitee.email });
  await expect(row).toBeVisible();
  await row.getByRole('combobox').click();
  await page.getByRole('option', { name: 'Admin' }).click();
  await expect(row.getByRole('combobox')).toHaveText(/Admin/);
  await page2.goto('/account');
  await expect(page2.getByRole('button', { name: 'Invite', exact: true })).toBeEnabled();

  // The owner removes the invitee, who then belongs to no organization.
  await row.getByRole('button', { name: 'Remove' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByRole('listitem', { name: invitee.email })).toHaveCount(0);
  await page2.reload();
  await expect(page2.getByText('No organization yet')).toBeVisible();
  await other.close();
});
