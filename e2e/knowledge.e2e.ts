import { expect, test } from './fixtures';
import { createOrganization, newUser, openTab, signUp } from './helpers';
import { startFakeProvider, type FakeProvider } from '../apps/server/test/fakeProviders';

/**
 * A knowledge base from the console, end to end: create → add a text and a file → both
 * 'completed' → segments → the retrieval test finds the right chunk → attach to an agent →
 * the agent's chat answer is grounded on it (the model receives the chunk as context).
 */

let fake: FakeProvider;
test.beforeAll(async () => {
  fake = await startFakeProvider();
});
test.afterAll(async () => {
  await fake?.close();
});

const refundPolicy =
  '# Refunds\n\nAcme refunds every purchase within 30 days when the receipt is shown at the front desk.';
const shippingFile =
  '# Shipping\n\nParcels leave the Rotterdam warehouse every Tuesday by barge and arrive within a week.';

test('knowledge base: text and file → completed → segments → retrieval → the agent answers from it', async ({
  page,
}) => {
  await signUp(page, newUser('kb'));
  await createOrganization(page, 'Knowledge Org');
  await openTab(page, 'Knowledge Base');

  // Create: the new base opens on its documents, the selection in the URL.
  await page.getByRole('button', { name: 'Create Knowledge Base' }).first().click();
  await expect(page.getByRole('article', { name: 'Create Knowledge Base' })).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill('Acme Policies');
  await page.getByLabel('Description').fill('What the front desk knows');
  await page.getByRole('button', { name: 'Create Knowledge Base' }).click();
  await expect(page).toHaveURL(/kb=/);
  const kbId = new URL(page.url()).searchParams.get('kb')!;
  // Wait for what a person waits for: the Documents view with its own, empty Name field.
  await expect(page.getByRole('article', { name: 'Add Documents' })).toBeVisible();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('');

  // A text document.
  await page.getByLabel('Name', { exact: true }).fill('Refund policy');
  await page.getByRole('textbox', { name: 'Content' }).fill(refundPolicy);
  await page.getByRole('button', { name: 'Add Text' }).click();
  await expect(page.getByText('"Refund policy" added. Indexing has started.')).toBeVisible();

  // A file, picked through the drop zone's file input.
  await page.getByRole('tab', { name: 'File Upload' }).click();
  await page.locator('input[type=file]').setInputFiles({
    name: 'shipping.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from(shippingFile),
  });
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('shipping.txt');
  await page.getByRole('button', { name: 'Upload File' }).click();
  await expect(page.getByText('"shipping.txt" added. Indexing has started.')).toBeVisible();

  // Both documents end 'completed' (the list polls while anything indexes).
  const documents = page.getByRole('table');
  for (const name of ['Refund policy', 'shipping.txt']) {
    await expect(documents.getByRole('row', { name: new RegExp(name) })).toContainText(
      'completed',
      { timeout: 30_000 },
    );
  }

  // The selection survives a reload.
  await page.reload();
  await expect(page).toHaveURL(new RegExp(`kb=${kbId}`));
  await expect(documents.getByRole('row', { name: /shipping\.txt/ })).toBeVisible();

  // Segments of the file.
  await documents
    .getByRole('row', { name: /shipping\.txt/ })
    .getByRole('button', { name: 'Segments' })
    .click();
  const segments = page.getByRole('list', { name: 'Segments' });
  await expect(segments).toContainText('Chunk-01');
  await expect(segments).toContainText('Rotterdam warehouse');
  await page.keyboard.press('Escape');

  // The retrieval test finds the refund chunk.
  await page.getByLabel('Query').fill('refunds within 30 days');
  await page.getByRole('button', { name: 'Test Retrieval' }).click();
  const results = page.getByRole('list', { name: 'Retrieval results' });
  await expect(results.getByRole('article').first()).toContainText('Refund policy');
  await expect(results.getByRole('article').first()).toContainText('receipt is shown');

  // Attach it to an agent that talks to the local model.
  await openTab(page, 'Agents');
  await page.getByRole('button', { name: 'Create New Agent' }).click();
  const create = page.getByRole('dialog', { name: 'Create Agent' });
  await create.getByLabel('Agent Identifier').fill('desk');
  await create.getByLabel('Agent Identifier').press('Enter');
  await expect(create).toBeHidden();
  await expect(page).toHaveURL(/agent=desk_/);
  // A new agent opens read-only (every input disabled) until Edit turns editing on.
  await expect(page.getByLabel('Model Live URL')).toBeDisabled();
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await expect(page.getByLabel('Model Live URL')).toBeEnabled();
  await page.getByLabel('Model Live URL').fill(`${fake.url}/v1`);
  await page.getByLabel('Model Live URL').blur();
  await expect(page.getByText('All changes saved').first()).toBeVisible({ timeout: 15_000 });

  await page.getByRole('button', { name: 'Add Knowledge Base' }).click();
  const pick = page.getByRole('dialog', { name: 'Select Reference Knowledge' });
  await pick.getByRole('checkbox', { name: /Acme Policies/ }).check();
  await expect(pick.getByText('1 Knowledge selected')).toBeVisible();
  await pick.getByRole('button', { name: 'Add & Publish' }).click();
  await expect(pick).toBeHidden({ timeout: 15_000 });
  await expect(page.getByText('Acme Policies').first()).toBeVisible();

  // The chat answer uses it: the model is given the refund chunk as context.
  await page.getByRole('button', { name: 'Chat', exact: true }).click();
  const drawer = page.getByRole('dialog', { name: /Assistant/ });
  await drawer.getByLabel('Message').fill('Can I get a refund on my purchase?');
  await drawer.getByLabel('Message').press('Enter');
  await expect(drawer.getByText('Hello from the fake model.')).toBeVisible();
  const sent = JSON.stringify(fake.requests.at(-1)!.body.messages);
  expect(sent).toContain('receipt is shown at the front desk');
  expect(sent).not.toContain('Rotterdam');
});
