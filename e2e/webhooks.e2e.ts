import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import type { APIResponse } from '@playwright/test';
import { expect, test } from './fixtures';
import { createOrganization, newUser, signUp } from './helpers';

/** A receiver on loopback (the server allows it: PARLEY_WEBHOOK_ALLOW_HOSTS=127.0.0.1). */
async function startReceiver() {
  const got: Array<{ headers: IncomingHttpHeaders; body: string }> = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      got.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"received":true}');
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/parley`;
  return { url, got, close: () => new Promise((r) => server.close(r)) };
}

test('webhooks: add one, send a test event, see it in the delivery log, replay it', async ({
  page,
}) => {
  const receiver = await startReceiver();
  try {
    await signUp(page, newUser('hooks'));
    await createOrganization(page, 'Hooks Org');
    await page.goto('/account');
    const panel = page.getByRole('region', { name: 'Webhooks' });
    await expect(panel.getByText('No webhooks yet.')).toBeVisible();

    // Add: the URL and the events; the signing secret is shown once.
    await panel.getByLabel('Endpoint URL').fill(receiver.url);
    await panel.getByLabel('Description (optional)').fill('CRM sync');
    await panel.getByRole('checkbox', { name: /^conversation\.ended/ }).check();
    await panel.getByRole('checkbox', { name: /^handoff\.requested/ }).check();
    await panel.getByRole('button', { name: 'Add webhook' }).click();
    await expect(panel.getByText('Webhook added')).toBeVisible();
    const secret = await panel.getByLabel('Signing secret').inputValue();
    expect(secret).toMatch(/^whsec_/);
    const row = panel.getByRole('listitem', { name: receiver.url });
    await expect(row).toContainText('CRM sync');
    await expect(row).toContainText('Active');

    // Send a test event: it arrives signed, and the delivery log shows it delivered.
    await row.getByRole('button', { name: `Send test event to ${receiver.url}` }).click();
    const log = panel.getByRole('region', { name: 'Delivery log' });
    await expect(log.getByRole('row', { name: /webhook\.test/ })).toContainText('delivered', {
      timeout: 20_000,
    });
    await expect(log).toContainText('HTTP 200');
    expect(receiver.got).toHaveLength(1);
    const first = receiver.got[0]!;
    const verified = new Webhook(secret).verify(
      first.body,
      first.headers as Record<string, string>,
    );
    expect(verified).toMatchObject({ type: 'webhook.test' });

    // Replay it: a second delivery of the same event, with the same webhook-id.
    await log.getByRole('button', { name: /^Replay webhook\.test/ }).click();
    await expect(log.getByRole('row', { name: /webhook\.test/ })).toHaveCount(2, {
      timeout: 20_000,
    });
    await expect
      .poll(
        async () =>
          (await log.getByRole('row', { name: /webhook\.test/ }).allInnerTexts()).every((t) =>
            t.includes('delivered'),
          ),
        { timeout: 20_000 },
      )
      .toBe(true);
    expect(receiver.got).toHaveLength(2);
    expect(receiver.got[1]!.headers['webhook-id']).toBe(first.headers['webhook-id']);
    expect(receiver.got[1]!.body).toBe(first.body);
  } finally {
    await receiver.close();
  }
});

async function ok<T>(res: APIResponse): Promise<T> {
  expect(res.ok(), `${res.url()} → ${res.status()} ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

test('a member closes a chat in the inbox: conversation.ended; the next message reopens it', async ({
  page,
  baseURL,
}) => {
  const receiver = await startReceiver();
  try {
    await signUp(page, newUser('closer'));
    await createOrganization(page, 'Close Org');
    const headers = { Origin: baseURL! };
    const me = await ok<{ organizations: Array<{ orgId: string }> }>(
      await page.request.get('/api/org/me'),
    );
    const orgId = me.organizations[0]!.orgId;
    const id = `close_${crypto.randomUUID().replace(/-/g, '_')}`;
    const app = await ok<{ data: { appKey: string } }>(
      await page.request.post('/api/app/create-agent', {
        headers,
        data: { agentName: id, organizationId: orgId },
      }),
    );
    await ok(
      await page.request.post(`/api/agents/update/${id}`, {
        headers,
        data: {
          organization_id: orgId,
          name: 'Front Desk',
          chatbot_api: `${baseURL}/v1`,
          chatbot_key: app.data.appKey,
          status: 'active',
        },
      }),
    );
    await ok(
      await page.request.post(`/api/org/${orgId}/webhooks`, {
        headers,
        data: { url: receiver.url, events: ['conversation.ended', 'conversation.reopened'] },
      }),
    );
    const chat = (query: string, conversation_id = '') =>
      page.request.post('/v1/chat-messages', {
        headers: { Authorization: `Bearer ${app.data.appKey}` },
        data: {
          inputs: {},
          query,
          user: 'visitor-close',
          response_mode: 'blocking',
          conversation_id,
        },
      });
    const first = await ok<{ conversation_id: string }>(await chat('Hello, are you open today?'));

    await page.goto(`/?view=conversations&conversation=${first.conversation_id}`);
    await page.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(page.getByText('This conversation has ended.', { exact: false })).toBeVisible();
    await expect
      .poll(() => receiver.got.map((r) => (JSON.parse(r.body) as { type: string }).type))
      .toEqual(['conversation.ended']);
    expect(JSON.parse(receiver.got[0]!.body)).toMatchObject({
      data: { conversation_id: first.conversation_id, ended_by: 'member', channel: 'chat' },
    });

    await ok(await chat('One more question', first.conversation_id));
    await expect
      .poll(() => receiver.got.map((r) => (JSON.parse(r.body) as { type: string }).type))
      .toEqual(['conversation.ended', 'conversation.reopened']);
    await expect(page.getByRole('button', { name: 'Close', exact: true })).toBeVisible();
  } finally {
    await receiver.close();
  }
});
