import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import { ImapFlow } from 'imapflow';
import { allowHostsFrom, isPublicAddress, OutboundError, type AllowHost } from '../../lib/outbound';

/**
 * Connections to a tenant's mail servers. A mailbox's servers are addresses the tenant chose:
 * the host is resolved when connecting and every address must be public, unless the operator
 * allow-listed the host (PARLEY_MAIL_ALLOW_HOSTS); the connection then goes to the checked
 * address (TLS still verifies the host name), so no second lookup can point it elsewhere.
 * Connections, greetings and idle sockets are time-limited; what a server sends is size-limited.
 */

export interface MailServer {
  host: string;
  port: number;
  secure: boolean;
  username: string;
  password: string;
  folder?: string;
}

export const mailTimeouts = { connectMs: 10_000, greetingMs: 10_000, socketMs: 30_000 };
/** The largest mail read (IMAP fetch, inbound URL). */
export const maxMailBytes = 10 * 1024 * 1024;

export const mailAllowHosts = (env: Record<string, string | undefined>): AllowHost =>
  allowHostsFrom(env.PARLEY_MAIL_ALLOW_HOSTS);

/** The address to connect to: the host's first address, every one of them public (or allowed). */
export async function resolveMailHost(host: string, allowHost: AllowHost): Promise<string> {
  const name = host.replace(/^\[|\]$/g, '');
  if (isIP(name)) {
    if (!allowHost(name) && !isPublicAddress(name))
      throw new OutboundError(
        `${name} is not a public address (an operator can allow it with PARLEY_MAIL_ALLOW_HOSTS)`,
      );
    return name;
  }
  let addresses: { address: string }[];
  try {
    addresses = await lookup(name, { all: true });
  } catch {
    throw new OutboundError(`the server name ${name} could not be found (check the host)`);
  }
  if (!addresses.length)
    throw new OutboundError(`the server name ${name} could not be found (check the host)`);
  if (!allowHost(name) && addresses.some((a) => !isPublicAddress(a.address)))
    throw new OutboundError(
      `${name} is not a public address (an operator can allow it with PARLEY_MAIL_ALLOW_HOSTS)`,
    );
  return addresses[0]!.address;
}

/**
 * A nodemailer transport to the checked address of the server: the outbound guard's rule
 * (lib/outbound: public addresses unless allow-listed) applied by resolveMailHost, time limits on
 * connect, greeting and idle, and only the mailbox's own credentials (never the server's).
 */
export async function smtpTransport(server: MailServer, allowHost: AllowHost) {
  const address = await resolveMailHost(server.host, allowHost);
  const options: SMTPTransport.Options = {
    host: address,
    port: server.port,
    secure: server.secure,
    auth: server.username ? { user: server.username, pass: server.password } : undefined,
    tls: { servername: isIP(server.host) ? undefined : server.host },
    name: 'parley',
    connectionTimeout: mailTimeouts.connectMs,
    greetingTimeout: mailTimeouts.greetingMs,
    socketTimeout: mailTimeouts.socketMs,
    dnsTimeout: mailTimeouts.connectMs,
    logger: false,
  };
  // Outbound guard: `address` is resolveMailHost's checked public address (or allow-listed).
  return nodemailer.createTransport(options); // outbound guard: host = resolveMailHost(...), timeouts set
}

/**
 * An IMAP client to the checked address of the server (not yet connected), under the same guard
 * and limits as smtpTransport; what it reads is capped at maxMailBytes.
 */
export async function imapClient(server: MailServer, allowHost: AllowHost) {
  const address = await resolveMailHost(server.host, allowHost);
  // Outbound guard: `address` is resolveMailHost's checked public address (or allow-listed).
  // prettier-ignore
  return new ImapFlow({ // outbound guard: host = resolveMailHost(...), timeouts set
    host: address,
    port: server.port,
    secure: server.secure,
    servername: isIP(server.host) ? undefined : server.host,
    auth: { user: server.username, pass: server.password },
    logger: false,
    connectionTimeout: mailTimeouts.connectMs,
    greetingTimeout: mailTimeouts.greetingMs,
    socketTimeout: mailTimeouts.socketMs,
    disableAutoIdle: true,
    tls: { rejectUnauthorized: true },
  });
}

/** What to check after a refused login, for the providers known to need something particular. */
function loginHint(host: string): string {
  if (/(^|\.)(gmail|googlemail|google)\.com$/i.test(host))
    return ' (Gmail needs an app password: Google Account → Security → App passwords)';
  if (/(^|\.)(office365|outlook|hotmail|live)\.com$/i.test(host))
    return ' (Microsoft 365 needs an app password, and SMTP AUTH enabled for the mailbox)';
  return ' (check them, or use an app password if your provider asks for one)';
}

/**
 * Whether a failure came from the mail server or the network (its words can be shown), rather
 * than from this server itself (a database error, a bug: its text is for the log only).
 */
export function isMailServerError(error: unknown): boolean {
  if (error instanceof OutboundError) return true;
  const e = (error ?? {}) as Record<string, unknown>;
  // PostgreSQL / PGlite errors (SQLSTATE, severity) and drizzle's wrapper (query, params).
  if ('severity' in e || 'query' in e || (error as Error)?.name === 'DrizzleQueryError')
    return false;
  if (e.authenticationFailed || e.responseText || e.responseStatus || e.serverResponseCode)
    return true;
  if (e.response || typeof e.responseCode === 'number') return true;
  return (
    typeof e.code === 'string' &&
    /^(E[A-Za-z_]+|ERR_[A-Z_]+|NoConnection|CERT_[A-Z_]+|[A-Z_]+_CERT[A-Z_]*|UNABLE_TO_[A-Z_]+)$/.test(
      e.code,
    )
  );
}

/**
 * A failure while reading or sending, as a member sees it: the mail server's or the network's
 * failure in plain words (plainMailError); anything else happened on this server and is said
 * so, without its details (they are logged: SQL or a stack trace means nothing to a member).
 */
export function mailFailureText(error: unknown, kind: 'SMTP' | 'IMAP', server: MailServer): string {
  if (isMailServerError(error)) return plainMailError(error, kind, server);
  return kind === 'IMAP'
    ? 'this server could not process the mail it read (a problem on our side, not with your mail server; the details are in the server log); it tries again'
    : 'this server could not hand the mail to the SMTP server (a problem on our side; the details are in the server log)';
}

/**
 * A failure in words a user understands: what went wrong and what to check. Codes from Node's
 * sockets, nodemailer (EAUTH, ETIMEDOUT, ESOCKET …) and imapflow (authenticationFailed …).
 */
export function plainMailError(error: unknown, kind: 'SMTP' | 'IMAP', server: MailServer): string {
  const e = error as {
    code?: string;
    message?: string;
    responseCode?: number;
    authenticationFailed?: boolean;
    response?: string;
    responseText?: string;
  };
  const where = `${server.host}:${server.port}`;
  if (error instanceof OutboundError) return `the ${kind} server is not allowed: ${e.message}`;
  if (e.authenticationFailed || e.code === 'EAUTH' || e.responseCode === 535)
    return `the ${kind} server refused the username or password${loginHint(server.host)}`;
  switch (e.code) {
    case 'ECONNREFUSED':
      return `nothing answers at ${where} (check the host and port)`;
    case 'ETIMEDOUT':
    case 'ETIMEOUT':
    case 'ECONNECTION':
    case 'ESOCKETTIMEDOUT':
      return `no answer from ${where} in time (check the host, the port and any firewall)`;
    case 'ENOTFOUND':
    case 'EDNS':
      return `the server name ${server.host} could not be found (check the host)`;
    case 'ETLS':
    case 'ERR_SSL_WRONG_VERSION_NUMBER':
    case 'EPROTO':
      return `the secure connection to ${where} failed (check the port and the TLS setting: 465 and 993 use TLS from the start, 587 uses STARTTLS)`;
    case 'CERT_HAS_EXPIRED':
    case 'DEPTH_ZERO_SELF_SIGNED_CERT':
    case 'SELF_SIGNED_CERT_IN_CHAIN':
    case 'ERR_TLS_CERT_ALTNAME_INVALID':
    case 'UNABLE_TO_VERIFY_LEAF_SIGNATURE':
      return `the certificate of ${where} is not valid (${e.code})`;
    case 'NoConnection':
    case 'EConnectionClosed':
      return `${where} closed the connection (check the port and the TLS setting)`;
  }
  const text = (e.responseText || e.response || e.message || 'unknown error').toString();
  return `the ${kind} server at ${where} answered: ${text.slice(0, 200)}`;
}

/** Connects and logs in to the SMTP server, then says whether it worked. */
export async function checkSmtp(server: MailServer, allowHost: AllowHost) {
  try {
    const transport = await smtpTransport(server, allowHost);
    try {
      await transport.verify();
    } finally {
      transport.close();
    }
    return { ok: true, message: `SMTP works: ${server.host}:${server.port} accepted the login` };
  } catch (error) {
    return { ok: false, message: `SMTP failed: ${plainMailError(error, 'SMTP', server)}` };
  }
}

/** Connects, logs in to the IMAP server and opens the folder, then says whether it worked. */
export async function checkImap(server: MailServer, allowHost: AllowHost) {
  let client: ImapFlow | null = null;
  try {
    client = await imapClient(server, allowHost);
    client.on('error', () => undefined);
    await client.connect();
    const folder = server.folder || 'INBOX';
    const status = await client.status(folder, { messages: true });
    const count = status ? (status.messages ?? 0) : 0;
    return {
      ok: true,
      message: `IMAP works: ${server.host}:${server.port} accepted the login; ${folder} holds ${count} messages`,
    };
  } catch (error) {
    const e = error as { responseText?: string; serverResponseCode?: string };
    if (
      e.serverResponseCode === 'NONEXISTENT' ||
      /mailbox.*(not|doesn)/i.test(e.responseText ?? '')
    )
      return { ok: false, message: `IMAP failed: the folder ${server.folder} does not exist` };
    return { ok: false, message: `IMAP failed: ${plainMailError(error, 'IMAP', server)}` };
  } finally {
    await client?.logout().catch(() => client?.close());
  }
}
