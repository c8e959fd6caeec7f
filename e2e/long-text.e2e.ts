import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { createAgent, createOrganization, newUser, signUp } from './helpers';

/**
 * Long text and raw ids never break a page (issue 37 item 18): a 1,600-character SMS without a
 * space, a long URL on WhatsApp, a long mailbox address and a long call template; at 400 px and
 * at 1280 px no page scrolls sideways, and the agent shows by its name, never its raw id.
 */
async function expectNoSidewaysScroll(page: Page, where: string) {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), {
      message: `${where} scrolls sideways`,
    })
    .toBeLessThanOrEqual(0);
}

test('long text and raw ids: SMS, WhatsApp, a mailbox and a scheduled call at 400 and 1280 px', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const headers = { Origin: baseURL! };
  await signUp(page, newUser('longtext'));
  await createOrganization(page, 'Long Text Org');
  await createAgent(page, 'support_bot');
  const agentId = new URL(page.url()).searchParams.get('agent')!;
  expect(agentId).toMatch(/^support_bot_[0-9a-f]{8}_/);

  const me = await (await page.request.get('/api/org/me')).json();
  const orgId: string = me.organizations[0].orgId;
  const agents = await (await page.request.get(`/api/agents/by-org/${orgId}`)).json();
  const key: string = agents.agents[0].chatbot_key;
  const sync = await page.request.post('/voice/phone-numbers/sync-all-providers', {
    headers,
    data: { organization_id: orgId },
  });
  expect(sync.status()).toBe(200);
  const numbers = (await (await page.request.get('/messaging/phone-numbers/available')).json())
    .phone_numbers as Array<{
    phone_number: string;
    sms_enabled: boolean;
    whatsapp_enabled: boolean;
  }>;
  const ours = numbers.find((n) => n.sms_enabled && n.whatsapp_enabled)!.phone_number;
  for (const channel of ['sms', 'whatsapp']) {
    const mapped = await page.request.post(`/messaging/${channel}/map-receiving-number-agent`, {
      headers,
      form: { receiving_number: ours, agent_url: `agent:${agentId}`, agent_api_key: key },
    });
    expect(mapped.status(), await mapped.text()).toBe(200);
  }
  const sms = await page.request.post('/messaging/sms/send-message', {
    headers,
    form: { from_number: ours, to_number: '+15005550123', message_text: 'A'.repeat(1600) },
  });
  expect(sms.status(), await sms.text()).toBe(200);
  const whatsapp = await page.request.post(`/voice/telephony/organization/${orgId}/simulate`, {
    headers,
    data: {
      event: 'whatsapp',
      to: ours,
      from: '+15005550456',
      text: `https://example.com/track?token=${'b'.repeat(1500)}`,
    },
  });
  expect(whatsapp.status(), await whatsapp.text()).toBe(200);
  const mailbox = `support-team-with-a-rather-long-address@acme-enterprises-international.test`;
  const mapped = await page.request.post(
    `/messaging/mail/agent-mapping?${new URLSearchParams({
      email_address: mailbox,
      agent_url: `agent:${agentId}`,
      api_key: key,
    })}`,
    { headers },
  );
  expect(mapped.status(), await mapped.text()).toBe(200);
  const scheduled = await page.request.post('/voice/scheduled/create', {
    headers,
    data: {
      organization_id: orgId,
      agent_id: agentId,
      call_type: 'outbound_call',
      recipient_phone: '+14155550199',
      scheduled_time: new Date(Date.now() + 7 * 86_400_000).toISOString(),
      message_template: `Please confirm at https://example.com/${'c'.repeat(400)}`,
    },
  });
  expect(scheduled.status(), await scheduled.text()).toBe(201);

  // The Overview counts the mailbox (§3: Total Emails is the mailbox mappings).
  await page.goto('/?tab=overview');
  await expect(page.getByRole('group', { name: 'Total Emails' }).locator('p').nth(1)).toHaveText(
    '1',
  );

  for (const width of [400, 1280]) {
    await page.setViewportSize({ width, height: 900 });

    await page.goto('/?tab=sms');
    await page.getByRole('tab', { name: 'Outbound' }).click();
    await expect(page.getByText('A'.repeat(1600))).toBeVisible();
    await expectNoSidewaysScroll(page, `SMS → Outbound at ${width} px`);

    // The same SMS in the inbox's thread (Conversations is in the navbar, and the current entry).
    if (width >= 1024) {
      const nav = page.getByRole('navigation', { name: 'Dashboard' });
      await nav.getByRole('link', { name: 'Conversations' }).click();
      await expect(nav.getByRole('link', { name: 'Conversations' })).toHaveAttribute(
        'aria-current',
        'page',
      );
      await expect(nav.getByRole('link', { name: 'Overview' })).not.toHaveAttribute('aria-current');
    }
    await page.goto('/?view=conversations');
    await page.getByText('+15005550123').first().click();
    await expect(page.getByRole('list', { name: 'Messages' })).toContainText('A'.repeat(1600));
    await expectNoSidewaysScroll(page, `the inbox thread at ${width} px`);

    await page.goto('/?tab=whatsapp');
    await page.getByRole('tab', { name: 'Outbound' }).click();
    await expect(page.getByText(/token=b{1500}/)).toBeVisible();
    await expectNoSidewaysScroll(page, `WhatsApp → Outbound at ${width} px`);

    await page.goto('/?tab=email');
    const table = page.getByRole('table', { name: 'Mailboxes and their agents' });
    await expect(table).toContainText('support_bot');
    await expect(table).not.toContainText(agentId);
    await expectNoSidewaysScroll(page, `Email at ${width} px`);
    if (width < 640) {
      // A stacked card labels no column of buttons ('UNASSIGN' above its own button).
      const label = await page
        .getByRole('button', { name: `Unassign ${mailbox}` })
        .evaluate((b) => getComputedStyle(b.closest('td')!, '::before').content);
      expect(label).toBe('none');
    }
    await page.getByRole('button', { name: `Open ${mailbox}` }).click();
    await expect(page.getByRole('heading', { name: mailbox })).toBeVisible();
    await expect(page.getByText('Agent: support_bot', { exact: true })).toBeVisible();
    await expect(page.getByText(agentId)).toHaveCount(0);
    await expectNoSidewaysScroll(page, `the mailbox at ${width} px`);

    await page.goto('/?tab=phone-numbers');
    // On a phone the Inbound / Outbound tabs are a select.
    if (width < 640)
      await page.getByRole('combobox', { name: 'Phone number direction' }).selectOption('outbound');
    else await page.getByRole('tab', { name: 'Outbound' }).click();
    await page.getByRole('button', { name: /\+14155550199/ }).click();
    const pane = page.getByRole('region', { name: 'Scheduled event details' });
    await expect(pane.getByText(/Please confirm at/)).toBeVisible();
    await expect(page.getByText(agentId)).toHaveCount(0);
    await expect(pane.locator('dd').filter({ hasText: /^support_bot$/ })).toBeVisible();
    await expectNoSidewaysScroll(page, `Phone Numbers → Outbound at ${width} px`);
  }
});
