import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIRequestContext, BrowserContext, Locator } from '@playwright/test';
import { expect, test } from './fixtures';
import { newUser } from './helpers';

/**
 * The inbox and human takeover end to end (issue 29): a visitor chats in the built chat widget on
 * another site; the conversation appears in the console's inbox; a member takes it over and
 * replies, and the reply appears live in the open widget (server-sent events); after Hand back
 * the agent (here the offline responder) answers the next message again.
 */

let host: Server;
let hostUrl = '';
let member: BrowserContext;
let agent: { id: string; apiUrl: string; apiKey: string };

async function ok<T>(res: Awaited<ReturnType<APIRequestContext['post']>>): Promise<T> {
  expect(res.ok(), `${res.url()} → ${res.status()} ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

test.beforeAll(async ({ browser }, testInfo) => {
  const baseURL = testInfo.project.use.baseURL!;
  member = await browser.newContext({ baseURL });
  const request = member.request;
  const headers = { Origin: baseURL };
  const user = newUser('inbox');
  await ok(
    await request.post('/api/auth/sign-up/email', {
      headers,
      data: { name: 'Ada Lovelace', ...user },
    }),
  );
  const org = await ok<{ data: { orgId: string } }>(
    await request.post('/api/org/create-org', { headers, data: { orgName: 'Inbox Org' } }),
  );
  const id = `inbox_${crypto.randomUUID().replace(/-/g, '_')}`;
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
        chatbot_api: `${baseURL}/v1`,
        chatbot_key: app.data.appKey,
        status: 'active',
      },
    }),
  );
  agent = { id, apiUrl: `${baseURL}/v1`, apiKey: app.data.appKey };

  // The visitor's site: one page with the widget's snippet, on another origin.
  const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Shop</title></head><body><h1>Shop</h1>
<script src="${baseURL}/widget/chat.js" data-agent-url="${agent.apiUrl}" data-agent-key="${agent.apiKey}" data-agent-name="Front Desk" defer></script></body></html>`;
  host = createServer((_req, res) =>
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(page),
  );
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  hostUrl = `http://127.0.0.1:${(host.address() as AddressInfo).port}/`;
});

test.afterAll(async () => {
  await member?.close();
  await new Promise<void>((resolve) => (host ? host.close(() => resolve()) : resolve()));
});

async function send(panel: Locator, text: string) {
  const input = panel.getByLabel('Message');
  await input.fill(text);
  await input.press('Enter');
}

test('widget chat → inbox → take over → live member reply in the widget → hand back → the agent answers', async ({
  page: visitor,
}) => {
  // The visitor chats; the offline responder answers.
  await visitor.goto(hostUrl);
  const widget = visitor.locator('parley-chat-widget');
  await widget.getByRole('button', { name: 'Open chat' }).click();
  const panel = widget.getByRole('dialog', { name: 'Front Desk' });
  await expect(panel).toBeVisible();
  await send(panel, 'Do you open on Sundays?');
  await expect(panel.locator('.msg.bot').last()).toContainText(
    'Automatic answer from the knowledge base',
    { timeout: 20_000 },
  );
  const botsBefore = await panel.locator('.msg.bot').count();

  // The member finds it in the inbox (reached from the Overview) and takes it over.
  const console = await member.newPage();
  await console.goto('/');
  const latest = console.getByRole('link', { name: /Do you open on Sundays\?/ });
  await expect(latest).toBeVisible({ timeout: 20_000 });
  await latest.click();
  await expect(console.getByRole('heading', { name: 'Conversations', level: 1 })).toBeVisible();
  const row = console.getByRole('option', { name: /Do you open on Sundays\?/ });
  await expect(row).toHaveAttribute('aria-selected', 'true');
  // The agent is named by its display name (its identifier without the UUID): on the row, in the
  // thread and in the agent filter — never 'No agent', '—' or the raw id.
  await expect(row).toContainText('inbox ·');
  await expect(console.getByRole('definition').filter({ hasText: /^inbox$/ })).toBeVisible();
  await console.getByRole('combobox', { name: 'Agent' }).click();
  await expect(console.getByRole('option', { name: 'inbox', exact: true })).toBeVisible();
  await expect(console.getByRole('option', { name: agent.id })).toHaveCount(0);
  await console.keyboard.press('Escape');
  const thread = console.getByRole('list', { name: 'Messages' });
  await expect(thread.getByText('Do you open on Sundays?', { exact: true })).toBeVisible();
  await console.getByRole('button', { name: 'Take over' }).click();
  await expect(console.getByText(/You have taken this conversation over/)).toBeVisible();

  // The reply box: Enter sends; the reply appears live in the open widget.
  const reply = console.getByRole('textbox', { name: 'Reply' });
  await expect(reply).toBeEnabled();
  await reply.fill('Hello, this is Ada: we open at ten on Sundays.');
  await reply.press('Enter');
  await expect(
    thread.getByText('Hello, this is Ada: we open at ten on Sundays.', { exact: true }),
  ).toBeVisible();
  await expect(panel.locator('.msg.bot').last()).toContainText(
    'Hello, this is Ada: we open at ten on Sundays.',
    { timeout: 20_000 },
  );
  expect(await panel.locator('.msg.bot').count()).toBe(botsBefore + 1);
  // Said to come from a person of the team (the member's first name), not from the agent.
  await expect(panel.locator('.msg.bot').last()).toContainText('Ada · Our team');

  // Hand back: the agent answers the next message.
  await console.getByRole('button', { name: 'Hand back' }).click();
  await expect(console.getByRole('button', { name: 'Take over' })).toBeVisible();
  await expect(reply).toBeDisabled();
  await send(panel, 'And on Mondays?');
  await expect(panel.locator('.msg.bot')).toHaveCount(botsBefore + 2, { timeout: 20_000 });
  await expect(panel.locator('.msg.bot').last()).toContainText(
    'Automatic answer from the knowledge base',
  );
  await expect(panel.locator('.msg.bot').last()).not.toContainText('A person from our team');
});
