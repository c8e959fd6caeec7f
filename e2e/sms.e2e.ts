import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { createOrganization, newUser, openTab, signUp } from './helpers';

const phone = 'Please enter a valid phone number (e.g., +1234567890)';

/** 'Assign Agent' on the open channel tab: the agent and the first available number (E.164). */
async function assignFirstNumber(page: Page, agent: string, line: string): Promise<string> {
  await page.getByRole('button', { name: 'Assign Agent' }).click();
  const dialog = page.getByRole('dialog', { name: 'Assign Agent' });
  await dialog.getByRole('combobox', { name: 'Agent prefix' }).click();
  // (Located by text: the option's accessible name is not always its text, see the report.)
  await page
    .getByRole('listbox', { name: 'Agent prefix' })
    .getByText(agent, { exact: true })
    .click();
  await dialog.getByRole('combobox', { name: 'Phone number' }).click();
  const option = page.getByRole('option').first();
  const number = `+${(await option.innerText()).replace(/\D/g, '')}`;
  await option.click();
  await dialog.getByRole('button', { name: 'Assign Agent' }).click();
  await expect(dialog).toBeHidden();
  // The mapping call's line (spec §8: 'SMS mapping created successfully!').
  await expect(page.getByText(line)).toBeVisible();
  return number;
}

/** 'Simulate inbound message' on our number; the person's text then the agent's reply. */
async function simulateAndSeeReply(page: Page, number: string, from: string, text: string) {
  await page.getByRole('tab', { name: 'Inbound' }).click();
  await page.getByRole('button', { name: `Simulate inbound message to ${number}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Simulate inbound message' });
  await dialog.getByRole('textbox', { name: /From/ }).fill(from);
  await dialog.getByRole('textbox', { name: 'Message' }).fill(text);
  await dialog.getByRole('button', { name: 'Simulate' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('tab', { name: 'Outbound' }).click();
  const thread = page.getByRole('list', { name: `Thread with ${from}` });
  await expect(thread.getByText(text, { exact: true })).toBeVisible();
  // The reply is a background job; the page polls for it. Newest first: the reply on top.
  const reply = thread.getByRole('listitem').filter({ hasText: 'Agent reply' }).first();
  await expect(reply).toBeVisible({ timeout: 20_000 });
  await expect(thread.getByRole('listitem').first()).toContainText('Agent reply');
}

test('SMS: assign an agent → send from the modal (validation first) → simulated inbound → the agent replies in the thread; the same for WhatsApp', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUp(page, newUser('sms'));
  await createOrganization(page, 'Texting Org');

  await openTab(page, 'Agents');
  await page.getByRole('button', { name: 'Create New Agent' }).click();
  const create = page.getByRole('dialog', { name: 'Create Agent' });
  await create.getByLabel('Agent Identifier').fill('texter');
  await create.getByRole('button', { name: 'Create Agent' }).click();
  await expect(create).toBeHidden();

  await openTab(page, 'Phone Numbers');
  await page.getByRole('button', { name: 'Sync Phone Numbers' }).click();
  await expect(
    page.getByRole('table', { name: 'Inbound phone numbers' }).locator('tbody tr'),
  ).toHaveCount(5);

  // SMS: no number assigned yet, so the table shows the unassigned ones (spec §2).
  await openTab(page, 'SMS');
  await expect(page).toHaveURL(/tab=sms/);
  await expect(page.getByRole('heading', { name: 'SMS-Enabled Phone Numbers' })).toBeVisible();
  await expect(page.getByTestId('sandbox-notice')).toBeVisible();
  const smsRows = page.getByRole('table', { name: 'SMS phone numbers' }).locator('tbody tr');
  await expect(smsRows.first()).toContainText('Unassigned');
  const smsNumber = await assignFirstNumber(page, 'texter', 'SMS mapping created successfully!');
  // Now only the assigned numbers.
  await expect(smsRows).toHaveCount(1);
  await expect(smsRows.first()).toContainText('texter');

  // Send from the modal: validation messages first.
  await page.getByRole('tab', { name: 'Outbound' }).click();
  await expect(page.getByRole('heading', { name: 'SMS Send Message' })).toBeVisible();
  await page.getByRole('button', { name: 'Send SMS Message' }).click();
  const send = page.getByRole('dialog', { name: 'Send SMS Message' });
  await expect(send.getByRole('textbox', { name: /From Number/ })).toHaveValue(smsNumber);
  const submit = send.getByRole('button', { name: 'Send Message' });
  await expect(submit).toBeDisabled();
  await send.getByRole('textbox', { name: /To Number/ }).fill('0123');
  await send.getByRole('textbox', { name: /Message Text/ }).fill('Your table is ready');
  await submit.click();
  await expect(send.getByText('Please fix the validation errors below.')).toBeVisible();
  await expect(send.getByText(phone)).toBeVisible();
  await send.getByRole('textbox', { name: /To Number/ }).fill('+15005550123');
  await submit.click();
  await expect(send).toBeHidden();
  await expect(page.getByText('SMS message sent successfully!')).toBeVisible();
  const sent = page.getByRole('list', { name: 'Thread with +15005550123' });
  await expect(sent.getByText('Your table is ready')).toBeVisible();
  await expect(sent).toContainText('Sent from the console');
  // The modal reset: opened again it is empty.
  await page.getByRole('button', { name: 'Send SMS Message' }).click();
  await expect(send.getByRole('textbox', { name: /To Number/ })).toHaveValue('');
  await page.keyboard.press('Escape');

  // A person writes in; the agent answers in the same thread.
  await simulateAndSeeReply(page, smsNumber, '+15005550123', 'What are your opening hours?');
  await expect(sent.getByText('Your table is ready')).toBeVisible();

  // WhatsApp, briefly: outside the 24-hour window a free-form message is refused clearly.
  await openTab(page, 'WhatsApp');
  await expect(page.getByRole('heading', { name: 'WhatsApp-Enabled Phone Numbers' })).toBeVisible();
  const waNumber = await assignFirstNumber(
    page,
    'texter',
    'WhatsApp mapping created successfully!',
  );
  await page.getByRole('tab', { name: 'Outbound' }).click();
  await page.getByRole('button', { name: 'Send WhatsApp Message' }).click();
  const wa = page.getByRole('dialog', { name: 'WhatsApp Send Message' });
  await wa.getByRole('textbox', { name: /Recipient Phone Number/ }).fill('+15005550456');
  await wa.getByRole('textbox', { name: /Message Text/ }).fill('Hello!');
  await wa.getByRole('textbox', { name: /Receiving Number/ }).fill(waNumber);
  await wa.getByRole('button', { name: 'Send Message' }).click();
  await expect(wa.getByText(/^Failed to send WhatsApp message: .*template/)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(wa).toBeHidden();

  await simulateAndSeeReply(page, waNumber, '+15005550456', 'Hi, is my order ready?');
  // Inside the window now: the free-form message goes out.
  await page.getByRole('button', { name: 'Send WhatsApp Message' }).click();
  await wa.getByRole('textbox', { name: /Recipient Phone Number/ }).fill('+15005550456');
  await wa.getByRole('textbox', { name: /Message Text/ }).fill('Yes, come by any time.');
  await wa.getByRole('textbox', { name: /Receiving Number/ }).fill(waNumber);
  await wa.getByRole('button', { name: 'Send Message' }).click();
  await expect(wa).toBeHidden();
  await expect(page.getByText('WhatsApp message sent successfully!')).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Thread with +15005550456' }).getByRole('listitem').first(),
  ).toContainText('Yes, come by any time.');

  // One agent per channel: unassigning the WhatsApp agent leaves the number's SMS agent.
  expect(waNumber).toBe(smsNumber);
  await page.getByRole('tab', { name: 'Inbound' }).click();
  await page.getByRole('button', { name: `Unassign ${waNumber}` }).click();
  // It asks first.
  await page
    .getByRole('alertdialog', { name: `Unassign ${waNumber}?` })
    .getByRole('button', { name: 'Unassign' })
    .click();
  await expect(page.getByText('Receiving number unassigned successfully!')).toBeVisible();
  await openTab(page, 'SMS');
  await expect(
    page.getByRole('table', { name: 'SMS phone numbers' }).locator('tbody tr').filter({
      hasText: smsNumber,
    }),
  ).toContainText('texter');
  await openTab(page, 'Phone Numbers');
  const row = page
    .getByRole('table', { name: 'Inbound phone numbers' })
    .locator('tbody tr')
    .filter({ hasText: smsNumber });
  await expect(row).toContainText('SMS: texter');
  await expect(row).toContainText('WhatsApp: Unassigned');
  await expect(row).toContainText('Voice: Unassigned');
});
