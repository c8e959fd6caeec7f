import { expect, test } from './fixtures';
import { createOrganization, newUser, openTab, signUp } from './helpers';
import { startFakeProvider, type FakeProvider } from '../apps/server/test/fakeProviders';

let fake: FakeProvider;
test.beforeAll(async () => {
  fake = await startFakeProvider();
});
test.afterAll(async () => {
  await fake?.close();
});

test('edit → autosave → reload; chat streams from the model; the public page answers without login', async ({
  page,
  browser,
}) => {
  await signUp(page, newUser('editor'));
  await createOrganization(page, 'Runtime Org');
  await openTab(page, 'Agents');
  await page.getByRole('button', { name: 'Create New Agent' }).click();
  const create = page.getByRole('dialog', { name: 'Create Agent' });
  await create.getByLabel('Agent Identifier').fill('chat_bot');
  await create.getByLabel('Agent Identifier').press('Enter');
  await expect(create).toBeHidden();
  await expect(page).toHaveURL(/agent=chat_bot_/);
  // A new agent opens read-only (every input disabled) until Edit turns editing on.
  await expect(page.getByLabel('Model Live URL')).toBeDisabled();
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await expect(page.getByLabel('Model Live URL')).toBeEnabled();
  const agentId = new URL(page.url()).searchParams.get('agent')!;

  // The prompt autosaves and survives a reload (saves are slowed a little so the state is seen).
  await page.route('**/api/agents/update/**', async (route) => {
    await new Promise((r) => setTimeout(r, 700));
    await route.continue();
  });
  const prompt = page.getByLabel('System Prompt');
  await prompt.fill('You are the Acme front desk. Be brief.');
  await expect(page.getByText('Auto-saving...').first()).toBeVisible();
  await expect(page.getByText('All changes saved').first()).toBeVisible({ timeout: 15_000 });
  // Point the agent at the local OpenAI-compatible model.
  await page.getByLabel('Model Live URL').fill(`${fake.url}/v1`);
  await page.getByLabel('Model Live URL').blur();
  await expect(page.getByText('All changes saved').first()).toBeVisible({ timeout: 15_000 });
  await page.reload();
  await expect(page.getByLabel('System Prompt')).toHaveValue(
    'You are the Acme front desk. Be brief.',
  );
  await expect(page.getByLabel('Model Live URL')).toHaveValue(`${fake.url}/v1`);

  // Chat drawer: the answer streams from the fake model.
  await page.getByRole('button', { name: 'Chat', exact: true }).click();
  const drawer = page.getByRole('dialog', { name: /Assistant/ });
  await drawer.getByLabel('Message').fill('Hello?');
  await drawer.getByLabel('Message').press('Enter');
  await expect(drawer.getByText('Hello from the fake model.')).toBeVisible();
  const sent = fake.requests.at(-1)!;
  expect(JSON.stringify(sent.body.messages)).toContain('You are the Acme front desk.');

  // The QR link: /chatbot/{agentId} in a fresh browser context, no login.
  const visitor = await browser.newContext();
  const publicPage = await visitor.newPage();
  await publicPage.goto(`/chatbot/${agentId}`);
  await publicPage.getByLabel('Message').fill('Are you open?');
  await publicPage.getByLabel('Message').press('Enter');
  await expect(
    publicPage
      .getByRole('region', { name: 'Conversation' })
      .getByText('Hello from the fake model.'),
  ).toBeVisible();
  await visitor.close();

  // Provider change (spec §4): the model resets to the provider's first model and the key is reset.
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await page.getByLabel('Model API Key').fill('sk-test-1234567890');
  // Let the autosave of the typed key settle before the provider changes.
  await expect(page.getByText('All changes saved').first()).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('combobox', { name: 'Model Provider' })).toBeEnabled();
  await page.getByRole('combobox', { name: 'Model Provider' }).click();
  await page.getByRole('option', { name: 'Anthropic' }).click();
  await expect(page.getByRole('combobox', { name: 'Model', exact: true })).toHaveText(
    'Claude Opus 4',
  );
  await expect(page.getByLabel('Model API Key')).toHaveValue('');
});
