import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';

/**
 * A local SMTP server for mail tests: it takes a login with `password` (and `username` when
 * given; any user name otherwise), or no login at all when `password` is undefined; parses every
 * mail it is sent into `received`, refuses the recipients `refuse` names, and listens on loopback
 * until `close`.
 */
export async function startSmtpCatcher(
  password: string | undefined,
  options: { username?: string; refuse?: (address: string) => boolean } = {},
) {
  const received: ParsedMail[] = [];
  const smtp = new SMTPServer({
    disabledCommands: password === undefined ? ['STARTTLS', 'AUTH'] : ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth: (auth, _s, cb) =>
      auth.password === password && (!options.username || auth.username === options.username)
        ? cb(null, { user: auth.username })
        : cb(new Error('Invalid username or password')),
    onRcptTo(address, _s, cb) {
      if (options.refuse?.(address.address)) return cb(new Error('Mailbox unavailable'));
      cb();
    },
    onData(stream, _s, cb) {
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
  return {
    received,
    /** Where a server sends to it: `smtp://127.0.0.1:<port>` (no login). */
    url: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
    port: (smtp.server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}
export type SmtpCatcher = Awaited<ReturnType<typeof startSmtpCatcher>>;
