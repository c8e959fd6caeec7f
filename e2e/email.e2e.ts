import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import { expect, test } from './fixtures';
import { createAgent, createOrganization, newUser, openTab, signUp } from './helpers';

/**
 * The Email tab end to end, against an SMTP server on loopback started here (the e2e server
 * allows 127.0.0.1 with PARLEY_MAIL_ALLOW_HOSTS): a mailbox assigned to an agent, its SMTP
 * settings saved and tested, a mail sent from the Send Message modal (validation first), an
 * inbound mail posted to the mailbox's inbound URL answered by the agent in its thread, and a
 * small campaign run to the end.
 */
const received: ParsedMail[] = [];
let smtp: SMTPServer;
let smtpPort = 0;

test.beforeAll(async () => {
  smtp = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth: (auth, _session, cb) =>
      auth.password === 'app-password-1234'
        ? cb(null, { user: auth.username })
        : cb(new Error('Invalid username or password')),
    onData: (stream, _session, cb) => {
      simpleParser(stream)
        .then((parsed) => {
          received.push(parsed);
          cb();
        })
        .catch(cb);
    },
  });
  smtp.listen(0, '127.0.0.1');
  await once(smtp.server, 'listening');
  smtpPort = (smtp.server.address() as AddressInfo).port;
});
test.afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

const to = (address: string) =>
  received.filter((m) => JSON.stringify(m.to ?? '').includes(address));

test('Email: assign a mailbox, its SMTP settings, send from the modal (validation first), an inbound mail answered in its thread, a small campaign', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const mailbox = `support${Date.now().toString(36)}@acme.test`;
  await signUp(page, newUser('mail'));
  await createOrganization(page, 'Mail Org');
  await createAgent(page, 'mailer');

  await openTab(page, 'Email');
  await expect(page.getByRole('heading', { name: 'Email-Enabled Accounts' })).toBeVisible();
  await expect(page.getByText('No Gmail accounts found')).toBeVisible();

  // Assign Agent: an invalid address is refused inline first.
  await page.getByRole('button', { name: 'Assign Agent' }).click();
  const assign = page.getByRole('dialog', { name: 'Assign Agent' });
  await assign.getByRole('combobox', { name: 'Agent' }).click();
  await page
    .getByRole('option', { name: /mailer/ })
    .first()
    .click();
  await assign.getByRole('textbox', { name: /Email Address/ }).fill('support');
  await assign.getByRole('textbox', { name: /Description/ }).click();
  await expect(assign.getByText('Please enter a valid email address')).toBeVisible();
  await assign.getByRole('textbox', { name: /Email Address/ }).fill(mailbox);
  await assign.getByRole('button', { name: 'Assign Agent' }).click();
  await expect(assign).toBeHidden();
  await expect(page.getByText('Email agent assigned successfully!')).toBeVisible();

  // Its SMTP settings: saved, then tested against the loopback server.
  await page.getByRole('button', { name: `Open ${mailbox}` }).click();
  await expect(page.getByRole('heading', { name: mailbox })).toBeVisible();
  await page.getByRole('tab', { name: 'Settings' }).click();
  const settings = page.getByRole('form', { name: 'Mailbox settings' });
  await expect(settings).toBeVisible();
  await settings.getByRole('switch', { name: 'Send through SMTP' }).click();
  await settings.getByRole('textbox', { name: 'SMTP host' }).fill('127.0.0.1');
  await settings.getByRole('textbox', { name: 'SMTP port' }).fill(String(smtpPort));
  await settings.getByRole('textbox', { name: 'SMTP username' }).fill(mailbox);
  await settings.getByLabel('SMTP password').fill('app-password-1234');
  // The loopback server speaks plain SMTP: TLS from the start (on by default) off.
  const tls = settings.getByRole('switch', { name: /TLS from the start/ });
  await expect(tls).toBeChecked();
  await tls.click();
  await expect(tls).not.toBeChecked();
  await settings.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText('Mailbox settings saved successfully!')).toBeVisible();
  await settings.getByRole('button', { name: 'Test' }).click();
  await expect(page.getByText(/^SMTP works:/)).toBeVisible({ timeout: 20_000 });
  const inboundUrl = await page.getByRole('textbox', { name: 'Inbound URL' }).inputValue();
  expect(inboundUrl).toMatch(/\/webhooks\/mail\/[\w-]{20,}$/);

  // Send Message: disabled until all four are filled; an invalid To is named.
  await page.getByRole('button', { name: 'Send Message' }).first().click();
  const send = page.getByRole('dialog', { name: 'Send Message' });
  const submit = send.getByRole('button', { name: 'Send Message' });
  await expect(submit).toBeDisabled();
  await send.getByRole('textbox', { name: /From Email/ }).fill(mailbox);
  await send.getByRole('textbox', { name: /To Email/ }).fill('ann-at-example');
  await send.getByRole('textbox', { name: /Subject/ }).fill('Your order');
  await send.getByRole('textbox', { name: /Message/ }).fill('It ships today.');
  await submit.click();
  await expect(send.getByText('Please enter a valid email address')).toBeVisible();
  await send.getByRole('textbox', { name: /To Email/ }).fill('ann@example.com');
  await submit.click();
  await expect(send).toBeHidden();
  await expect(page.getByText('Email sent successfully!')).toBeVisible();
  await expect.poll(() => to('ann@example.com').length, { timeout: 20_000 }).toBe(1);
  expect(to('ann@example.com')[0]!.subject).toBe('Your order');

  // An inbound mail at the mailbox's inbound URL: the agent answers in its thread.
  const raw = [
    'From: Carol <carol@example.com>',
    `To: ${mailbox}`,
    'Subject: Opening hours',
    'Message-ID: <e2e-1@example.com>',
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    '',
    'When are you open on Sunday?',
    '',
  ].join('\r\n');
  const posted = await fetch(inboundUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'message/rfc822' },
    body: raw,
  });
  expect(posted.status).toBe(200);
  await expect.poll(() => to('carol@example.com').length, { timeout: 30_000 }).toBe(1);
  const reply = to('carol@example.com')[0]!;
  expect(reply.subject).toBe('Re: Opening hours');
  expect(reply.inReplyTo).toBe('<e2e-1@example.com>');
  await page.getByRole('tab', { name: 'Threads' }).click();
  const threads = page.getByRole('list', { name: 'Threads' });
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(threads.getByRole('button', { name: /Opening hours/ })).toBeVisible({
      timeout: 2000,
    });
  }).toPass({ timeout: 30_000 });
  await threads.getByRole('button', { name: /Opening hours/ }).click();
  const conversation = page.getByRole('list', { name: 'Conversation with carol@example.com' });
  await expect(
    conversation.getByText('When are you open on Sunday?', { exact: true }),
  ).toBeVisible();
  await expect(
    conversation.getByRole('listitem', { name: 'Agent: Re: Opening hours' }),
  ).toBeVisible();

  // A small campaign, to the end.
  await page.getByRole('button', { name: 'Back to threads' }).click();
  await page.getByRole('button', { name: 'Back to accounts' }).click();
  await page.getByRole('tab', { name: 'Outbound' }).click();
  await page.getByRole('button', { name: 'Create Campaign' }).click();
  const create = page.getByRole('dialog', { name: 'Create Campaign' });
  await create.getByRole('textbox', { name: /Campaign name/ }).fill('Spring');
  await create.getByRole('combobox', { name: /From mailbox/ }).click();
  await page.getByRole('option', { name: mailbox }).click();
  await create.getByRole('textbox', { name: /Subject/ }).fill('Hello {{name}}');
  await create.getByRole('textbox', { name: /Body/ }).fill('Spring news for {{name}}.');
  await create
    .getByRole('textbox', { name: /Recipients/ })
    .fill('email,name\nc1@example.com,Cleo\nc2@example.com,Dan\nc1@example.com,Dup');
  await create.getByRole('textbox', { name: /Rate/ }).fill('600');
  await create.getByRole('button', { name: 'Create Campaign' }).click();
  await expect(create).toBeHidden();
  const campaign = page.getByRole('listitem', { name: 'Spring' });
  await expect(campaign).toBeVisible();
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(campaign.getByRole('progressbar', { name: 'Spring: 2 of 2 done' })).toBeVisible({
      timeout: 2000,
    });
  }).toPass({ timeout: 60_000 });
  expect(to('c1@example.com').map((m) => m.subject)).toEqual(['Hello Cleo']);
  expect(to('c2@example.com').map((m) => m.subject)).toEqual(['Hello Dan']);
});

test('Email: a member takes a thread over in the inbox and answers it; the reply goes out through the mailbox, threaded', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const mailbox = `held${Date.now().toString(36)}@acme.test`;
  await signUp(page, newUser('mailheld'));
  await createOrganization(page, 'Held Mail Org');
  // The mailbox (SMTP to the loopback server; no agent: its mail is stored, not answered).
  const saved = await page.request.put(`/messaging/mail/mailboxes/${mailbox}`, {
    headers: { Origin: baseURL! },
    data: {
      smtp: {
        host: '127.0.0.1',
        port: smtpPort,
        secure: false,
        username: mailbox,
        password: 'app-password-1234',
      },
      display_name: 'Held Desk',
    },
  });
  expect(saved.ok()).toBe(true);
  const { mailbox: box } = (await saved.json()) as { mailbox: { inbound_url: string } };
  const posted = await fetch(box.inbound_url, {
    method: 'POST',
    headers: { 'Content-Type': 'message/rfc822' },
    body: [
      'From: Dora <dora@example.com>',
      `To: ${mailbox}`,
      'Subject: Broken kettle',
      'Message-ID: <e2e-held-1@example.com>',
      'MIME-Version: 1.0',
      'Content-Type: text/plain; charset=utf-8',
      '',
      'My kettle arrived broken.',
      '',
    ].join('\r\n'),
  });
  expect(posted.status).toBe(200);
  const { conversation_id: id } = (await posted.json()) as { conversation_id: string };

  await page.goto(`/conversations/${id}`);
  const thread = page.getByRole('list', { name: 'Messages' });
  await expect(thread.getByText('My kettle arrived broken.', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Take over' }).click();
  await expect(page.getByText(/You have taken this conversation over/)).toBeVisible();
  const reply = page.getByRole('textbox', { name: 'Reply' });
  await reply.fill('Sorry, Dora: a new kettle is on its way.');
  await reply.press('Enter');
  await expect(
    thread.getByText('Sorry, Dora: a new kettle is on its way.', { exact: true }),
  ).toBeVisible();
  // No error in place of the reply (it used to be 409 'replies on email are not set up').
  await expect(page.getByText(/not set up on this server/)).toHaveCount(0);
  await expect.poll(() => to('dora@example.com').length, { timeout: 20_000 }).toBe(1);
  const sent = to('dora@example.com')[0]!;
  expect(sent.subject).toBe('Re: Broken kettle');
  expect(sent.inReplyTo).toBe('<e2e-held-1@example.com>');
  expect(sent.text?.trim()).toBe('Sorry, Dora: a new kettle is on its way.');
  expect(sent.from?.value[0]).toMatchObject({ address: mailbox, name: 'Held Desk' });
});
