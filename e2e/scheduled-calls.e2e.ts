import { expect, test, type Page } from '@playwright/test';
import { createOrganization, newUser, openTab, signUp } from './helpers';

/** A `datetime-local` value `ms` from now in the browser's own time zone (seconds included). */
const localInput = (page: Page, ms: number) =>
  page.evaluate((offset) => {
    const d = new Date(Date.now() + offset);
    const p = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
  }, ms);

test('Outbound: create a schedule (validation first) → the sandbox answers → status and attempts update without a reload; edit; delete', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const user = newUser('dialer');
  await signUp(page, user);
  await createOrganization(page, 'Dial Org');

  await openTab(page, 'Agents');
  await page.getByRole('button', { name: 'Create New Agent' }).click();
  const createAgent = page.getByRole('dialog', { name: 'Create Agent' });
  await createAgent.getByLabel('Agent Identifier').fill('caller');
  await createAgent.getByRole('button', { name: 'Create Agent' }).click();
  await expect(createAgent).toBeHidden();

  await openTab(page, 'Phone Numbers');
  await page.getByRole('tab', { name: 'Outbound' }).click();
  await expect(page.getByText('No scheduled events found')).toBeVisible();
  await expect(page.getByText('0 scheduled events')).toBeVisible();

  // The dialling rules on the Outbound tab. The calling window opens at any hour here (so the
  // test does not depend on the time of day), at most 3 calls at once; saved and read back.
  const rules = page.getByRole('form', { name: 'Dialling settings' });
  await expect(rules.getByText(/Calling window: 08:00–21:00/)).toBeVisible();
  await rules.getByRole('combobox', { name: 'Calls from' }).click();
  await page.getByRole('option', { name: '00:00' }).click();
  await rules.getByRole('combobox', { name: 'Calls until' }).click();
  await page.getByRole('option', { name: '24:00' }).click();
  await rules.getByRole('textbox', { name: 'Calls at once' }).fill('3');
  await rules.getByRole('textbox', { name: 'Calls at once' }).press('Tab');
  await rules.getByRole('button', { name: 'Save settings' }).click();
  await expect(rules.getByText('Dialling settings saved')).toBeVisible();
  const saved = await page.request.get('/voice/scheduled/organization/Dial%20Org/settings');
  expect(await saved.json()).toMatchObject({
    calling_window_start: '00:00',
    calling_window_end: '24:00',
    max_concurrent_calls: 3,
  });
  // The do-not-call list: a number added is never dialled; it is listed with its reason.
  const dnc = page.getByRole('form', { name: 'Add a number' });
  await dnc.getByLabel('Phone number').fill('+14155550179');
  await dnc.getByLabel('Reason (optional)').fill('Asked by e-mail');
  await dnc.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByRole('list', { name: 'Do-not-call list' })).toContainText(
    'Asked by e-mail',
  );

  // Create: the submit rule and §5's messages first.
  await page.getByRole('button', { name: 'Create Schedule' }).click();
  const modal = page.getByRole('dialog', { name: 'Create Scheduled Event' });
  const submit = modal.getByRole('button', { name: 'Scheduled Event' });
  await expect(submit).toBeDisabled();
  await modal.getByRole('combobox', { name: 'Agent' }).click();
  await page.getByRole('option', { name: 'caller' }).click();
  await modal.getByLabel(/Recipient phone/).fill('12345');
  await modal.getByLabel('Scheduled time').fill(await localInput(page, -60_000));
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(modal.getByText('Please fix the validation errors below.')).toBeVisible();
  await expect(
    modal.getByText('Please enter a valid phone number (e.g., +1234567890)'),
  ).toBeVisible();
  await expect(modal.getByText('Scheduled time must be in the future')).toBeVisible();

  await modal.getByLabel(/Recipient phone/).fill('+14155550177');
  await modal.getByLabel('Scheduled time').fill(await localInput(page, 15_000));
  await modal.getByLabel('Message template (optional)').fill('Your order ships today.');
  await submit.click();
  await expect(modal).toBeHidden();
  await expect(page.getByText('Outbound call scheduled successfully!')).toBeVisible();
  await expect(page.getByText('1 scheduled events')).toBeVisible();

  // The sandbox dials when due and answers: status and attempts change in place.
  const pane = page.getByRole('region', { name: 'Scheduled event details' });
  await expect(pane.getByText('+14155550177', { exact: true })).toBeVisible();
  await expect(pane.getByText('Your order ships today.')).toBeVisible();
  await expect(pane.getByText('No attempts yet.')).toBeVisible();
  await expect(pane.getByText('Attempt 1')).toBeVisible({ timeout: 60_000 });
  await expect(pane.getByText('Answered')).toBeVisible({ timeout: 30_000 });
  await expect(pane.locator('[data-status]')).toHaveText('completed');
  // The answered call's transcript opens from its attempt ('All calls' goes back to the event).
  await pane.getByRole('button', { name: 'Transcript' }).click();
  await expect(pane.getByRole('button', { name: 'All calls' })).toBeVisible();
  await pane.getByRole('button', { name: 'All calls' }).click();

  // Edit a pending event.
  await page.getByRole('button', { name: 'Create Schedule' }).click();
  await modal.getByRole('combobox', { name: 'Agent' }).click();
  await page.getByRole('option', { name: 'caller' }).click();
  await modal.getByLabel(/Recipient phone/).fill('+14155550178');
  await modal.getByLabel('Scheduled time').fill(await localInput(page, 24 * 3_600_000));
  await submit.click();
  await expect(modal).toBeHidden();
  await expect(pane.getByText('+14155550178', { exact: true })).toBeVisible();
  await pane.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Scheduled Event' });
  const retries = edit.getByRole('textbox', { name: 'Max retries' });
  await retries.fill('5');
  await retries.press('Tab');
  await edit.getByRole('button', { name: 'Update Event' }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByText('Scheduled event updated successfully!')).toBeVisible();
  await expect(pane.locator('dd').filter({ hasText: /^5$/ })).toBeVisible();

  // Delete asks first; the deleted event leaves the list and the count.
  await pane.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(
    confirm.getByText('Are you sure you want to delete this scheduled event?'),
  ).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Scheduled event deleted successfully!')).toBeVisible();
  await expect(pane.getByText('Select a Scheduled Event')).toBeVisible();
  await expect(page.getByText('1 scheduled events')).toBeVisible();
  const list = page.getByRole('list', { name: 'Scheduled events' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list).not.toContainText('+14155550178');
});
