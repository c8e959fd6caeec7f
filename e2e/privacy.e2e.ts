import { readFile } from 'node:fs/promises';
import type { APIRequestContext, BrowserContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { newUser } from './helpers';

/**
 * Privacy end to end (issue 42): an owner sets redacted storage on Account → Privacy; a visitor
 * chats with a card number, a phone number and an e-mail address; the inbox shows placeholders;
 * the owner looks the visitor up, downloads their data, erases it; the audit log lists it all and
 * its chain checks out.
 */

let owner: BrowserContext;
let orgId: string;
let agent: { id: string; apiKey: string };
const visitor = `visitor-${crypto.randomUUID().slice(0, 8)}`;

async function ok<T>(res: Awaited<ReturnType<APIRequestContext['post']>>): Promise<T> {
  expect(res.ok(), `${res.url()} → ${res.status()} ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

test.beforeAll(async ({ browser }, testInfo) => {
  const baseURL = testInfo.project.use.baseURL!;
  owner = await browser.newContext({ baseURL });
  const request = owner.request;
  const headers = { Origin: baseURL };
  await ok(
    await request.post('/api/auth/sign-up/email', {
      headers,
      data: { name: 'Ada Lovelace', ...newUser('privacy') },
    }),
  );
  const org = await ok<{ data: { orgId: string } }>(
    await request.post('/api/org/create-org', { headers, data: { orgName: 'Privacy Org' } }),
  );
  const id = `privacy_${crypto.randomUUID().replace(/-/g, '_')}`;
  const app = await ok<{ data: { appKey: string } }>(
    await request.post('/api/app/create-agent', {
      headers,
      data: { agentName: id, organizationId: org.data.orgId },
    }),
  );
  await ok(
    await request.post(`/api/agents/update/${id}`, {
      headers,
      data: {
        organization_id: org.data.orgId,
        name: 'Front Desk',
        chatbot_api: `${baseURL}/v1`,
        chatbot_key: app.data.appKey,
        status: 'active',
      },
    }),
  );
  agent = { id, apiKey: app.data.appKey };
  orgId = org.data.orgId;
});

test.afterAll(async () => {
  await owner?.close();
});

test('redacted storage → placeholders in the inbox → export and erase the visitor → the audit log lists it', async () => {
  const page = await owner.newPage();

  // Account → Privacy: redacted storage.
  await page.goto('/account');
  const privacy = page.getByRole('region', { name: 'Privacy' });
  await expect(privacy.getByRole('radio', { name: /Full/ })).toBeChecked();
  await privacy.getByRole('radio', { name: /Redacted/ }).click();
  await privacy.getByRole('button', { name: 'Save privacy settings' }).click();
  await expect(privacy.getByText('Privacy settings saved')).toBeVisible();

  // The visitor chats (the widget's call) with a card number, a phone number and an e-mail address.
  const res = await page.request.post('/v1/chat-messages', {
    headers: { Authorization: `Bearer ${agent.apiKey}` },
    data: {
      inputs: {},
      query: 'My card is 4111 1111 1111 1111, call +1 415 555 2671 or mail jane@example.com',
      response_mode: 'blocking',
      user: visitor,
    },
  });
  expect(res.ok()).toBe(true);

  // The inbox shows the placeholders, never the numbers.
  await page.goto('/');
  const latest = page.getByRole('link', { name: /\[CARD\]/ });
  await expect(latest).toBeVisible({ timeout: 20_000 });
  await latest.click();
  const thread = page.getByRole('list', { name: 'Messages' });
  await expect(
    thread.getByText('My card is [CARD], call [PHONE] or mail [EMAIL]', { exact: true }),
  ).toBeVisible();
  await expect(page.getByText('4111 1111 1111 1111')).toHaveCount(0);

  // Account → A person's data: look the visitor up, download, erase.
  await page.goto('/account');
  const person = page.getByRole('region', { name: "A person's data" });
  await person
    .getByRole('textbox', { name: /Phone number, e-mail address or user id/ })
    .fill(visitor);
  await person.getByRole('button', { name: 'Look up' }).click();
  const found = person.getByRole('region', { name: 'Contact found' });
  await expect(found.getByText(visitor)).toBeVisible();
  await expect(found.getByText('Conversations')).toBeVisible();
  const downloading = page.waitForEvent('download');
  await found.getByRole('button', { name: 'Download JSON' }).click();
  const file = await downloading;
  expect(file.suggestedFilename()).toBe(`contact-${visitor}.json`);
  const doc = JSON.parse(await readFile((await file.path())!, 'utf8')) as {
    conversations: Array<{ messages: Array<{ content: string }> }>;
  };
  expect(doc.conversations[0]!.messages[0]!.content).toBe(
    'My card is [CARD], call [PHONE] or mail [EMAIL]',
  );
  await found.getByRole('button', { name: 'Erase…' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('deleted for good');
  await dialog.getByRole('button', { name: 'Erase', exact: true }).click();
  await expect(person.getByText(`Erased ${visitor}`)).toBeVisible();
  await expect(person.getByText(/Removed 1 conversation, 2 messages, 0 calls/)).toBeVisible();

  // The audit log lists the settings change, the export and the erasure; its chain is intact.
  const audit = page.getByRole('region', { name: 'Audit log' });
  for (const action of ['privacy.update', 'contact.export', 'contact.erase'])
    await expect(audit.getByText(action, { exact: true })).toBeVisible();
  await expect(audit.getByText('storage_mode: full → redacted')).toBeVisible();
  await audit.getByRole('button', { name: 'Verify chain' }).click();
  await expect(audit.getByText('The audit log is intact')).toBeVisible();
  // The filter keeps one family.
  await audit.getByRole('combobox', { name: 'Action' }).click();
  await page.getByRole('option', { name: "A person's data" }).click();
  await expect(audit.getByText('privacy.update', { exact: true })).toHaveCount(0);
  await expect(audit.getByText('contact.erase', { exact: true })).toBeVisible();
  const csv = page.waitForEvent('download');
  await audit.getByRole('button', { name: 'Download CSV' }).click();
  const text = await readFile((await (await csv).path())!, 'utf8');
  expect(text.split('\r\n')[0]).toBe(
    'at,actor_type,actor_id,actor_email,action,target_type,target_id,changes,ip',
  );
  expect(text).toContain('contact.erase');
  expect(text).not.toContain('privacy.update');
});

test('Purge old data: the preview counts, Purge now removes after the confirmation, the audit log lists it', async () => {
  const page = await owner.newPage();
  const res = await page.request.post('/v1/chat-messages', {
    headers: { Authorization: `Bearer ${agent.apiKey}` },
    data: {
      inputs: {},
      query: 'Hello, a question about opening hours',
      response_mode: 'blocking',
      user: `purged-${crypto.randomUUID().slice(0, 8)}`,
    },
  });
  expect(res.ok()).toBe(true);

  await page.goto('/account');
  const purge = page.getByRole('region', { name: 'Purge old data' });
  const days = purge.getByRole('textbox', { name: 'Older than (days)' });
  await days.fill('0');
  await days.press('Tab');
  await expect(purge.getByRole('button', { name: 'Purge now…' })).toBeDisabled();
  await purge.getByRole('button', { name: 'Preview' }).click();
  const preview = purge.getByRole('region', { name: 'Purge preview' });
  await expect(preview.getByText('Conversations')).toBeVisible();
  await purge.getByRole('button', { name: 'Purge now…' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(/\d+ conversations?, \d+ messages?/);
  await dialog.getByRole('button', { name: 'Purge', exact: true }).click();
  await expect(purge.getByText('Purged', { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(purge.getByText(/Removed \d+ conversations?, \d+ messages?/)).toBeVisible();
  // Nothing older is left: the inbox has no conversation.
  const again = await ok<{ removed: { conversations: number } }>(
    await page.request.post(`/api/org/${orgId}/privacy/purge`, {
      headers: { Origin: new URL(page.url()).origin },
      data: { older_than: 0, dry_run: true },
    }),
  );
  expect(again.removed.conversations).toBe(0);
  const audit = page.getByRole('region', { name: 'Audit log' });
  await expect(audit.getByText('privacy.purge', { exact: true })).toBeVisible();
  await expect(audit.getByText('privacy.purge_dry_run', { exact: true }).first()).toBeVisible();
});
