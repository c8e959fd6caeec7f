import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
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
