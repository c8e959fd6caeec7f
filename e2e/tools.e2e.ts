import { expect, test } from './fixtures';
import { createAgent, createOrganization, newUser, signUp } from './helpers';
import {
  startFakeToolModel,
  startFakeToolServer,
  type FakeToolModel,
  type FakeToolServer,
} from '../apps/server/test/fakeToolModel';

/**
 * Agent tools end to end (issue 28): a member adds an HTTP tool in the agent's Tools section (the
 * editor names what is missing first), points the agent at an OpenAI-compatible model that calls
 * it, chats in the test drawer and sees the tool step (name, arguments, result). The model and
 * the tool's endpoint listen on loopback, allowed by the e2e server's PARLEY_MODEL_ALLOW_HOSTS
 * and PARLEY_TOOL_ALLOW_HOSTS (e2e/start-server.mjs).
 */

let model: FakeToolModel;
let tool: FakeToolServer;
test.beforeAll(async () => {
  model = await startFakeToolModel();
  model.plan = [{ name: 'check_slots', arguments: { query: 'Monday' } }];
  tool = await startFakeToolServer();
});
test.afterAll(async () => {
  await model?.close();
  await tool?.close();
});

test('add an HTTP tool (validation first), chat, see the tool step', async ({ page }) => {
  await signUp(page, newUser('tools'));
  await createOrganization(page, 'Tools Org');
  await createAgent(page, 'front_desk');
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await expect(page.getByLabel('Model Live URL')).toBeEnabled();
  await page.getByLabel('Model Live URL').fill(`${model.url}/v1`);
  await page.getByLabel('Model Live URL').blur();
  await expect(page.getByText('All changes saved').first()).toBeVisible({ timeout: 15_000 });

  // The Tools section (a lazy chunk): Add tool; Save with nothing filled names each field.
  await expect(page.getByRole('heading', { name: 'Tools', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Add tool' }).click();
  const editor = page.getByRole('dialog', { name: 'Add tool' });
  await expect(editor).toBeVisible();
  await editor.getByRole('button', { name: 'Save tool' }).click();
  await expect(
    editor.getByText('must be 1 to 64 letters, digits, underscores or hyphens'),
  ).toBeVisible();
  await expect(editor.getByText('url is required for an http tool')).toBeVisible();

  await editor.getByLabel(/^Name/).fill('check_slots');
  await editor.getByLabel(/^URL/).fill(`${tool.url}/slots`);
  await editor.getByRole('button', { name: 'Add header' }).click();
  await editor.getByLabel('Header 1 name').fill('X-Api-Key');
  await editor.getByLabel('Header 1 value').fill('sk-e2e-secret-5678');
  await editor.getByRole('button', { name: 'Save tool' }).click();
  await expect(editor).toBeHidden();
  await expect(page.getByText(`POST ${tool.url}/slots`)).toBeVisible();

  // The test drawer: the model calls the tool, then answers with its result.
  await page.getByRole('button', { name: 'Chat', exact: true }).click();
  const drawer = page.getByRole('dialog', { name: /Assistant/ });
  await drawer.getByLabel('Message').fill('Any free slots on Monday?');
  await drawer.getByLabel('Message').press('Enter');
  await expect(drawer.getByText(/The tool said: .*14:30/)).toBeVisible({ timeout: 30_000 });
  const steps = drawer.getByRole('list', { name: 'Tool calls' });
  await expect(steps.getByText('check_slots', { exact: true })).toBeVisible();
  await steps.getByText('check_slots', { exact: true }).click();
  await expect(steps.getByText('Arguments')).toBeVisible();
  await expect(steps.getByText(/"query": "Monday"/)).toBeVisible();
  await expect(steps.getByText(/"14:30"/)).toBeVisible();

  // The endpoint got the model's arguments and the secret header, once.
  expect(tool.requests).toHaveLength(1);
  expect(tool.requests[0]).toMatchObject({ method: 'POST', path: '/slots' });
  expect(tool.requests[0]!.headers['x-api-key']).toBe('sk-e2e-secret-5678');
  expect(JSON.parse(tool.requests[0]!.body)).toEqual({ query: 'Monday' });

  // A saved header stays with its address: another port with the masked value is refused, the
  // reason at the Headers field; nothing is saved.
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await page.getByRole('button', { name: 'Edit check_slots' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit tool' });
  await edit.getByLabel(/^URL/).fill('http://127.0.0.1:9/slots');
  await edit.getByRole('button', { name: 'Save tool' }).click();
  await expect(
    edit.locator('fieldset').getByText(/^X-Api-Key: type the secret again for the new address/),
  ).toBeVisible();
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText(`POST ${tool.url}/slots`)).toBeVisible();

  // 'Let visitors receive e-mails/texts': off by default, saved when switched, kept on reload.
  const visitors = page.getByRole('switch', { name: 'Let visitors receive e-mails/texts' });
  await expect(visitors).not.toBeChecked();
  await visitors.click();
  await expect(visitors).toBeChecked();
  await expect(visitors).toBeEnabled(); // saved
  await page.reload();
  await expect(
    page.getByRole('switch', { name: 'Let visitors receive e-mails/texts' }),
  ).toBeChecked({ timeout: 20_000 });
});
