import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { createAgent, createOrganization, newUser, signUp } from './helpers';

/** Saves the Initial Message and waits for the autosave to finish. */
async function setGreeting(page: Page, text: string) {
  const field = page.getByLabel('Initial Message');
  await field.fill(text);
  await field.blur();
  await expect(page.getByText('All changes saved').first()).toBeVisible();
}

/** Publish Agent → the note → Publish: the banner names the version made live. */
async function publish(page: Page, note: string, version: number) {
  await page.getByRole('button', { name: 'Publish Agent' }).click();
  const dialog = page.getByRole('dialog', { name: 'Publish the draft' });
  await dialog.getByLabel('What changed? (optional)').fill(note);
  await dialog.getByRole('button', { name: 'Publish' }).click();
  await expect(dialog).toBeHidden();
  await expect(
    page.getByText(`Agent published successfully: version ${version} is live`),
  ).toBeVisible();
}

test('edit a live agent: the public page keeps the old greeting until Publish; Restore brings it back', async ({
  page,
  browser,
}) => {
  await signUp(page, newUser('versions'));
  await createOrganization(page, 'Versions Org');
  await createAgent(page, 'greeter');
  const agentId = new URL(page.url()).searchParams.get('agent')!;
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await setGreeting(page, 'Hello from version one');
  await publish(page, 'First version', 1);

  // A visitor's public page, no login.
  const visitor = await browser.newContext();
  const publicPage = await visitor.newPage();
  const greeting = async () => {
    await publicPage.goto(`/chatbot/${agentId}`);
    return publicPage.getByRole('main');
  };

  // The draft changes; the strip lists it; the page still answers with version 1.
  await setGreeting(page, 'Hello from the draft');
  const strip = page.getByRole('region', { name: 'Unpublished changes' });
  await expect(strip.getByRole('rowheader', { name: 'Initial message' })).toBeVisible();
  await expect(strip.getByText('Hello from the draft')).toBeVisible();
  await expect(await greeting()).toContainText('Hello from version one');
  await expect(publicPage.getByText('Hello from the draft')).toHaveCount(0);

  // The console's test chat says what it tests.
  await page.getByRole('button', { name: 'Chat', exact: true }).click();
  const drawer = page.getByRole('dialog', { name: /Assistant/ });
  await expect(drawer.getByText('Testing your draft')).toBeVisible();
  await drawer.getByRole('switch', { name: 'Use the live version' }).click();
  await expect(drawer.getByText('Testing version 1 (live)')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  // Publish with a note: the page answers with the new greeting; the strip is gone.
  await publish(page, 'New greeting', 2);
  await expect(strip).toBeHidden();
  await expect(await greeting()).toContainText('Hello from the draft');

  // Versions: who, when, the note; Restore version 1 (confirmed) makes it live as version 3.
  const versions = page.getByRole('region', { name: 'Versions' });
  await versions.scrollIntoViewIfNeeded();
  await expect(versions.getByText('New greeting')).toBeVisible();
  await expect(versions.getByText('First version')).toBeVisible();
  await versions.getByRole('button', { name: 'Compare with live' }).click();
  await expect(
    versions.getByRole('table', { name: 'Version 1 against version 2 (live)' }),
  ).toContainText('Hello from version one');
  await versions.getByRole('button', { name: 'Restore version 1' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Restore version 1?' });
  await confirm.getByRole('button', { name: 'Restore' }).click();
  await expect(versions.getByText('Version 1 is live again, as version 3.')).toBeVisible();
  await expect(await greeting()).toContainText('Hello from version one');
  await visitor.close();
});
