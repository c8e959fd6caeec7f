import { Hono } from 'hono';
import { mailboxRequestSchema, mailMessages as words } from '@parley/api-client';
import type { AppEnv, Services } from '../../lib/env';
import { HttpError } from '../../lib/http';
import { managers, requireRole } from '../../lib/tenancy';
import { orgOf, readFields, validate } from '../routes';
import {
  listMailboxes,
  mailboxOf,
  nextServerSettings,
  requireMailbox,
  serverOf,
} from './mailboxes';
import {
  deleteMailbox,
  recordMailboxTest,
  sameImapFolder,
  saveMailbox,
  type MailboxChanges,
} from './mailboxStore';
import { checkImap, checkSmtp, mailAllowHosts } from './servers';
import { emailParam, origin } from './routeHelpers';

/** The organization's mailboxes: list, SMTP/IMAP settings, delete, connection test. */
export function mailboxRoutes(services: Services) {
  const { db, env, secrets } = services;
  const app = new Hono<AppEnv>();

  app.get('/mailboxes', async (c) => {
    const orgId = await orgOf(c, db);
    return c.json({ mailboxes: await listMailboxes(db, env, origin(c), orgId) });
  });

  app.put('/mailboxes/:email', async (c) => {
    const fields = await readFields(c);
    const orgId = await orgOf(c, db, fields);
    await requireRole(db, c.get('user').id, orgId, managers, 'change mailbox settings');
    const email = emailParam(c);
    const body = validate(mailboxRequestSchema, fields);
    const current = await mailboxOf(db, orgId, email);
    const smtp = nextServerSettings(
      secrets,
      'smtp',
      body.smtp,
      current ? serverOf(secrets, current, 'smtp') : null,
    );
    const imap = nextServerSettings(
      secrets,
      'imap',
      body.imap,
      current ? serverOf(secrets, current, 'imap') : null,
    );
    const set: MailboxChanges = {
      ...(smtp ? { smtpEncrypted: smtp.encrypted, smtpMasked: smtp.masked } : {}),
      ...(imap
        ? {
            imapEncrypted: imap.encrypted,
            imapMasked: imap.masked,
            imapLastError: null,
            // Another server, account or folder: its UIDs mean something else; read from its newest.
            ...(sameImapFolder(current?.imapMasked ?? null, imap.masked)
              ? {}
              : { imapUidValidity: null, imapLastUid: null }),
          }
        : {}),
      ...(body.display_name !== undefined ? { displayName: body.display_name || null } : {}),
      ...(body.autonomy ? { autonomy: body.autonomy } : {}),
      // New settings are not tested yet.
      ...(smtp || imap ? { lastTestedAt: null, lastTestOk: null, lastTestMessage: null } : {}),
      updatedAt: new Date(),
    };
    await saveMailbox(db, orgId, email, current, set);
    const [mailbox] = await listMailboxes(db, env, origin(c), orgId, email);
    return c.json({ success: true, message: words.mailboxSaved, mailbox: mailbox! });
  });

  app.delete('/mailboxes/:email', async (c) => {
    const orgId = await orgOf(c, db);
    await requireRole(db, c.get('user').id, orgId, managers, 'delete mailboxes');
    const mailbox = await requireMailbox(db, orgId, emailParam(c));
    await deleteMailbox(db, mailbox.id);
    return c.json({ success: true, message: words.mailboxDeleted });
  });

  app.post('/mailboxes/:email/test', async (c) => {
    const orgId = await orgOf(c, db);
    const mailbox = await requireMailbox(db, orgId, emailParam(c));
    const smtpServer = serverOf(secrets, mailbox, 'smtp');
    const imapServer = serverOf(secrets, mailbox, 'imap');
    if (!smtpServer && !imapServer)
      throw new HttpError(
        400,
        'smtp: this mailbox has no SMTP or IMAP settings to test (it sends into the sandbox outbox)',
      );
    const allow = mailAllowHosts(env);
    const [smtp, imap] = await Promise.all([
      smtpServer ? checkSmtp(smtpServer, allow) : null,
      imapServer ? checkImap(imapServer, allow) : null,
    ]);
    const success = (smtp?.ok ?? true) && (imap?.ok ?? true);
    const message = [smtp?.message, imap?.message].filter(Boolean).join('; ');
    await recordMailboxTest(db, mailbox.id, success, message);
    return c.json({ success, message, smtp, imap });
  });

  return app;
}
