import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';

/**
 * A local SMTP server for mail tests: it takes a login with `password` (any user name), parses
 * every mail it is sent into `received`, and listens on loopback until `close`.
 */
export async function startSmtpCatcher(password: string) {
  const received: ParsedMail[] = [];
  const smtp = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth: (auth, _s, cb) =>
      auth.password === password ? cb(null, { user: auth.username }) : cb(new Error('no')),
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
    port: (smtp.server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}
