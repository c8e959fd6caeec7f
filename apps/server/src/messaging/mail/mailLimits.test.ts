import { describe, expect, it } from 'vitest';
import MailComposer from 'nodemailer/lib/mail-composer';
import {
  deepNesting,
  hugeSubject,
  manyEncodedWords,
  manyHeaderLines,
  manyParts,
  manyReferences,
} from '../../../test/hostileMail';
import { parseInbound, parseInboundHere } from './inbound';
import { MailRefusedError, mailLimits, scanRawMail } from './mailLimits';
import { isMailServerError, mailFailureText } from './servers';

/** The bounds of an inbound mail, checked on the raw bytes before mailparser (issue 37). */

const refusal = async (raw: Buffer) => {
  const error = await scanRawMail(raw).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(MailRefusedError);
  return error as MailRefusedError;
};

function compose(options: ConstructorParameters<typeof MailComposer>[0]): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    new MailComposer(options).compile().build((err, m) => (err ? reject(err) : resolve(m))),
  );
}

describe('the bounds of an inbound mail', () => {
  it('refuses each hostile shape, naming the bound', async () => {
    expect((await refusal(manyParts(1100))).message).toBe(
      'the mail has more than 1,000 MIME parts',
    );
    expect((await refusal(deepNesting(1000))).message).toBe(
      "the mail's MIME parts are nested more than 50 deep",
    );
    const subject = await refusal(hugeSubject());
    expect(subject.message).toBe("the mail's Subject header is larger than 64 KB");
    expect(subject.from).toBe('Mallory <mallory@example.com>');
    expect((await refusal(manyHeaderLines(100_000))).message).toBe(
      'a header block of the mail has more than 1,000 lines',
    );
    expect((await refusal(manyEncodedWords(100_000))).message).toBe(
      "the mail's headers hold more than 1,000 encoded words",
    );
    expect((await refusal(manyReferences(70_000))).message).toBe(
      "the mail's References header is larger than 64 KB",
    );
    const big = await refusal(Buffer.alloc(mailLimits.maxBytes + 1, 'a'));
    expect(big.status).toBe(413);
  });

  it('takes an ordinary mail: parts, an attached message, encoded words, long References', async () => {
    const inner = await compose({
      from: 'a@example.com',
      to: 'b@example.com',
      subject: 'Forwarded',
      text: 'inner',
      attachments: [{ filename: 'a.txt', content: 'x' }],
    });
    const raw = await compose({
      from: '"Zoë Ünal" <zoe@example.com>',
      to: 'support@acme.test',
      subject: 'Grüße aus Köln — über die Lieferung',
      text: 'Hallo',
      html: '<p>Hallo</p>',
      references: Array.from({ length: 200 }, (_, i) => `<ref${i}@example.com>`),
      attachments: [
        { filename: 'fwd.eml', content: inner, contentType: 'message/rfc822' },
        { filename: 'b.bin', content: Buffer.alloc(100_000, 1) },
      ],
    });
    const scan = await scanRawMail(raw);
    expect(scan.parts).toBeGreaterThanOrEqual(6);
    expect(scan.depth).toBeGreaterThanOrEqual(3);
    const mail = await parseInboundHere(raw);
    // The same in the worker thread the server parses in.
    expect(await parseInbound(raw)).toEqual(mail);
    expect(mail.subject).toBe('Grüße aus Köln — über die Lieferung');
    expect(mail.from).toBe('zoe@example.com');
    // References kept to the newest 50 ids.
    expect(mail.references).toHaveLength(50);
    expect(mail.references[0]).toBe('<ref150@example.com>');
    expect(mail.references.at(-1)).toBe('<ref199@example.com>');
  });

  it('parseInbound refuses what the scan refuses (a MailRefusedError, never another error)', async () => {
    await expect(parseInboundHere(manyParts(1100))).rejects.toBeInstanceOf(MailRefusedError);
    const refused = await parseInbound(manyReferences(70_000)).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(MailRefusedError);
    expect(refused).toMatchObject({
      message: "the mail's References header is larger than 64 KB",
      status: 400,
      from: 'Mallory <mallory@example.com>',
      subject: 'Many references',
    });
  });
});

describe('mail failures shown to members', () => {
  const server = {
    host: 'imap.example.org',
    port: 993,
    secure: true,
    username: 'u',
    password: 'p',
  };
  it('a database error is said in plain words, without its SQL', () => {
    const dbError = Object.assign(
      new Error('Failed query: insert into "mail_messages" ("message_id") values ($1)\nparams: x'),
      { name: 'DrizzleQueryError', query: 'insert into "mail_messages" …', params: ['x'] },
    );
    expect(isMailServerError(dbError)).toBe(false);
    const text = mailFailureText(dbError, 'IMAP', server);
    expect(text).not.toMatch(/insert|mail_messages|params|query/i);
    expect(text).toContain('a problem on our side');
    const pg = Object.assign(new Error('relation "x" does not exist'), {
      code: '42P01',
      severity: 'ERROR',
    });
    expect(mailFailureText(pg, 'IMAP', server)).not.toContain('relation');
  });

  it('the mail server’s own failures keep their words; a refused login names what to check', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    expect(mailFailureText(refused, 'IMAP', server)).toBe(
      'nothing answers at imap.example.org:993 (check the host and port)',
    );
    const login = { authenticationFailed: true, responseText: 'Invalid credentials' };
    expect(mailFailureText(login, 'IMAP', server)).not.toContain('Gmail');
    expect(mailFailureText(login, 'IMAP', { ...server, host: 'imap.gmail.com' })).toContain(
      'Gmail needs an app password',
    );
  });
});
