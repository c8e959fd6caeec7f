import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIRequestContext, BrowserContext, Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { newUser } from './helpers';

/**
 * Handoff to people end to end (issue 41): a visitor in the built chat widget on another site asks
 * for a person (in words, then with the 'Talk to a person' button); the console's 'Needs a
 * person' shows it with the reason; a member takes it over and replies, and the visitor sees the
 * reply live. Then Settings → Business hours and the account's phone number, as a member uses them.
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
  await ok(
    await request.post('/api/auth/sign-up/email', {
      headers,
      data: { name: 'Ada Lovelace', ...newUser('handoff') },
    }),
  );
  const org = await ok<{ data: { orgId: string } }>(
    await request.post('/api/org/create-org', { headers, data: { orgName: 'Handoff Org' } }),
  );
  const id = `handoff_${crypto.randomUUID().replace(/-/g, '_')}`;
  const app = await ok<{ data: { appKey: string } }>(
    await request.post('/api/app/create-agent', {
      headers,
      data: { agentName: id, organizationId: org.data.orgId },
    }),
  );
  // No model key: the offline responder answers, and hands over when a person is asked for.
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
  agent = { id, apiUrl: `${baseURL}/v1`, apiKey: app.data.appKey };

  // The visitor's site: one page with the widget's snippet, on another origin.
  const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Clinic</title></head><body><h1>Clinic</h1>
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

async function openWidget(visitor: Page) {
  await visitor.goto(hostUrl);
  const widget = visitor.locator('parley-chat-widget');
  await widget.getByRole('button', { name: 'Open chat' }).click();
  const panel = widget.getByRole('dialog', { name: 'Front Desk' });
  await expect(panel).toBeVisible();
  return panel;
}

async function send(panel: Locator, text: string) {
  const input = panel.getByLabel('Message');
  await input.fill(text);
  await input.press('Enter');
}

/** The console's Needs a person, and the waiting row of the visitor whose words it shows. */
async function needsAPerson(words: RegExp) {
  const console = await member.newPage();
  await console.goto('/?view=conversations&status=needs_human');
  const chip = console.getByRole('button', { name: /^Needs a person/ });
  await expect(chip).toHaveAttribute('aria-pressed', 'true');
  const list = console.getByRole('list', { name: 'Needs a person' });
  const row = list.getByRole('button', { name: words });
  await expect(row).toBeVisible({ timeout: 20_000 });
  return { console, chip, row };
}

test('a visitor asks for a person in the widget → Needs a person with the reason → take over, reply → the visitor sees it live', async ({
  page: visitor,
}) => {
  const panel = await openWidget(visitor);
  await send(panel, 'I want to talk to a human');
  await expect(panel.locator('.msg.bot').last()).toContainText(
    'A member of the team will reply here shortly',
    { timeout: 20_000 },
  );

  const { console, chip, row } = await needsAPerson(/The person asked for a person of the team/);
  await expect(chip).toContainText(/\d/);
  await expect(row).toContainText(/Waiting (<1|\d+) min/);
  // The count wherever the member is in the console.
  await expect(console.getByRole('link', { name: /^Needs a person \d+$/ })).toBeVisible();
  await row.click();
  // The member sees the reason and the summary first.
  const card = console.getByRole('region', { name: 'Needs a person' });
  await expect(card).toContainText('The person asked for a person of the team');
  await expect(card).toContainText('Visitor: I want to talk to a human');
  await console.getByRole('button', { name: 'Take over' }).click();
  await expect(console.getByText(/You have taken this conversation over/)).toBeVisible();
  // Taken: it leaves the waiting list.
  await expect(row).toHaveCount(0);

  const reply = console.getByRole('textbox', { name: 'Reply' });
  await reply.fill('Hello, this is Ada from the front desk. How can I help?');
  await reply.press('Enter');
  await expect(panel.locator('.msg.bot').last()).toContainText(
    'Hello, this is Ada from the front desk. How can I help?',
    { timeout: 20_000 },
  );
  await console.close();
});

test("the widget's 'Talk to a person' button asks for a person; the conversation waits in Needs a person", async ({
  page: visitor,
}) => {
  const panel = await openWidget(visitor);
  await send(panel, 'Do you open on Sundays?');
  await expect(panel.locator('.msg.bot').last()).toContainText(
    'Automatic answer from the knowledge base',
    { timeout: 20_000 },
  );
  await panel
    .page()
    .locator('parley-chat-widget')
    .getByRole('button', { name: 'Talk to a person' })
    .click();
  await expect(panel.locator('.msg.bot').last()).toContainText(
    'A member of the team will reply here shortly',
  );
  await expect(
    visitor
      .locator('parley-chat-widget')
      .getByText('A person of the team has been asked to reply here.'),
  ).toBeVisible();

  const { console, row } = await needsAPerson(/The visitor asked to talk to a person/);
  await expect(row).toContainText('Asked by the visitor');
  await console.close();
});

test('Settings → Business hours: an error at its field, then saved and kept; the account keeps a phone number in E.164', async () => {
  const console = await member.newPage();
  await console.goto('/?view=settings');
  await expect(console.getByRole('heading', { name: 'Business hours' })).toBeVisible();
  const zone = console.getByRole('textbox', { name: 'Time zone' });
  await zone.fill('Mars/Olympus');
  await console.getByRole('button', { name: 'Save business hours' }).click();
  await expect(
    console.getByText('must be an IANA time zone such as Europe/Paris or America/New_York'),
  ).toBeVisible();
  await zone.fill('Europe/Paris');
  await console.getByRole('button', { name: 'Add holiday' }).click();
  await console.getByLabel('Holiday 1', { exact: true }).fill('2026-12-25');
  await console.getByRole('button', { name: 'Save business hours' }).click();
  await expect(console.getByText('Business hours saved.')).toBeVisible();
  await console.reload();
  await expect(console.getByRole('textbox', { name: 'Time zone' })).toHaveValue('Europe/Paris');
  await expect(console.getByLabel('Holiday 1', { exact: true })).toHaveValue('2026-12-25');

  await console.goto('/account');
  const phone = console.getByRole('textbox', { name: 'Your phone number' });
  await phone.fill('555 0100');
  await console.getByRole('button', { name: 'Save phone number' }).click();
  await expect(console.getByText(/must be a phone number with its country code/)).toBeVisible();
  await phone.fill('+1 (415) 555-0142');
  await console.getByRole('button', { name: 'Save phone number' }).click();
  await expect(console.getByText('Phone number saved.')).toBeVisible();
  await expect(phone).toHaveValue('+14155550142');
  await console.close();
});

test("the agent's 'Talk to a person' switch: off, the widget offers no button; on again, it does", async ({
  page: visitor,
}) => {
  const console = await member.newPage();
  await console.goto(`/?tab=agents&agent=${agent.id}`);
  await console.getByRole('button', { name: 'Edit', exact: true }).click();
  const setting = console.getByRole('switch', { name: 'Talk to a person' });
  await expect(setting).toBeChecked({ timeout: 20_000 });
  await setting.click();
  await expect(setting).not.toBeChecked();
  await expect(setting).toBeEnabled(); // saved

  const panel = await openWidget(visitor);
  await send(panel, 'Hello');
  await expect(panel.locator('.msg.bot').last()).toContainText(
    'Automatic answer from the knowledge base',
    { timeout: 20_000 },
  );
  const widget = visitor.locator('parley-chat-widget');
  await expect(widget.getByRole('button', { name: 'Talk to a person' })).toHaveCount(0);

  await setting.click();
  await expect(setting).toBeChecked();
  await expect(setting).toBeEnabled();
  await console.reload();
  await expect(console.getByRole('switch', { name: 'Talk to a person' })).toBeChecked({
    timeout: 20_000,
  });
  await visitor.reload();
  await widget.getByRole('button', { name: 'Open chat' }).click();
  await expect(widget.getByRole('button', { name: 'Talk to a person' })).toBeVisible();
  await console.close();
});
