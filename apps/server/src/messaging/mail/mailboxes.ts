import { randomBytes } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import {
  isMaskedSecret,
  maskSecret,
  type Mailbox,
  type MailAgentMapping,
  type RefusedMail,
  imapSettingsSchema,
  smtpSettingsSchema,
} from '@parley/api-client';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { agents, mailboxes, messages, conversations } from '../../db/schema';
import type { MailServerMasked } from '../../db/schema-mail';
import type { SecretBox } from '../../lib/secrets';
import { HttpError } from '../../lib/http';
import { publicUrlOf } from '../../telephony/resolve';
import { refusalsOf } from './refusals';
import { emailThreadsOf } from './mailThreadStore';
import type { MailServer } from './servers';

export type MailboxRow = typeof mailboxes.$inferSelect;
type AgentRow = typeof agents.$inferSelect;

/** A random, unguessable token for a mailbox's inbound URL. */
export const newInboundToken = () => randomBytes(24).toString('base64url');

/** The mailbox's inbound URL: PUBLIC_URL (else the request's origin) + /webhooks/mail/{token}. */
export function inboundUrlOf(
  env: Record<string, string | undefined>,
  origin: string,
  token: string,
): string {
  return `${publicUrlOf(env) ?? origin}/webhooks/mail/${token}`;
}

/** The organization's mailbox by address, or null. */
export async function mailboxOf(db: Db, orgId: string, email: string) {
  const [row] = await db
    .select()
    .from(mailboxes)
    .where(and(eq(mailboxes.organizationId, orgId), eq(mailboxes.emailAddress, email)))
    .limit(1);
  return row ?? null;
}

/** The mailbox by address, or 404 (another organization's address is not found either). */
export async function requireMailbox(db: Db, orgId: string, email: string) {
  const row = await mailboxOf(db, orgId, email);
  if (!row) throw new HttpError(404, 'Mailbox not found');
  return row;
}

/** A mailbox's SMTP or IMAP settings with the password, or null when none are stored. */
export function serverOf(
  secrets: SecretBox,
  row: MailboxRow,
  kind: 'smtp' | 'imap',
): MailServer | null {
  const stored = kind === 'smtp' ? row.smtpEncrypted : row.imapEncrypted;
  if (!stored) return null;
  return JSON.parse(secrets.decrypt(stored)) as MailServer;
}

/**
 * New settings of one server: a password left out or sent back masked keeps the stored one; a
 * new server needs one. Returns what to store (encrypted and masked) or null to clear.
 */
export function nextServerSettings(
  secrets: SecretBox,
  kind: 'smtp' | 'imap',
  given:
    z.output<typeof smtpSettingsSchema> | z.output<typeof imapSettingsSchema> | null | undefined,
  current: MailServer | null,
): { encrypted: string | null; masked: MailServerMasked | null } | undefined {
  if (given === undefined) return undefined;
  if (given === null) return { encrypted: null, masked: null };
  const password =
    given.password === undefined || isMaskedSecret(given.password)
      ? (current?.password ?? null)
      : given.password;
  if (password === null || (given.username && !password))
    throw new HttpError(400, `${kind}.password: is required`);
  const server: MailServer = {
    host: given.host,
    port: given.port,
    secure: given.secure,
    username: given.username,
    password,
    ...('folder' in given ? { folder: given.folder } : {}),
  };
  const { password: _secret, ...rest } = server;
  return {
    encrypted: secrets.encrypt(JSON.stringify(server)),
    masked: { ...rest, password: maskSecret(password) },
  };
}

/** Agent replies waiting for approval, per mailbox address of the organization. */
async function draftsByMailbox(db: Db, orgId: string) {
  const rows = await db
    .select({ address: conversations.agentAddress, n: sql<number>`count(*)::int` })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(emailThreadsOf(orgId, eq(messages.status, 'draft')))
    .groupBy(conversations.agentAddress);
  return new Map(rows.map((r) => [r.address ?? '', Number(r.n)]));
}

export function mailboxToWire(
  row: MailboxRow,
  agent: AgentRow | null,
  inboundUrl: string,
  draftsWaiting: number,
  refused: RefusedMail[] = [],
): Mailbox {
  return {
    email_address: row.emailAddress,
    display_name: row.displayName,
    agent_id: row.agentName,
    agent_name: agent ? (agent.name ?? agent.agentName) : null,
    description: row.description,
    smtp: row.smtpMasked
      ? {
          host: row.smtpMasked.host,
          port: row.smtpMasked.port,
          secure: row.smtpMasked.secure,
          username: row.smtpMasked.username,
          password: row.smtpMasked.password,
        }
      : null,
    imap: row.imapMasked
      ? {
          host: row.imapMasked.host,
          port: row.imapMasked.port,
          secure: row.imapMasked.secure,
          username: row.imapMasked.username,
          password: row.imapMasked.password,
          folder: row.imapMasked.folder ?? 'INBOX',
          last_checked_at: row.imapLastCheckedAt?.toISOString() ?? null,
          last_error: row.imapLastError,
        }
      : null,
    sending: row.smtpEncrypted ? 'smtp' : 'outbox',
    inbound_url: inboundUrl,
    autonomy: row.autonomy,
    drafts_waiting: draftsWaiting,
    refused: { total: row.mailRefusedTotal, recent: refused },
    last_test:
      row.lastTestedAt && row.lastTestOk !== null
        ? {
            ok: row.lastTestOk,
            message: row.lastTestMessage ?? '',
            at: row.lastTestedAt.toISOString(),
          }
        : null,
    status: 'active',
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The organization's mailboxes as the contract answers them (by address). */
export async function listMailboxes(
  db: Db,
  env: Record<string, string | undefined>,
  origin: string,
  orgId: string,
  only?: string,
): Promise<Mailbox[]> {
  const rows = await db
    .select({ mailbox: mailboxes, agent: agents })
    .from(mailboxes)
    .leftJoin(agents, eq(agents.agentName, mailboxes.agentName))
    .where(
      and(eq(mailboxes.organizationId, orgId), only ? eq(mailboxes.emailAddress, only) : undefined),
    )
    .orderBy(asc(mailboxes.emailAddress));
  const drafts = await draftsByMailbox(db, orgId);
  const refused = await refusalsOf(
    db,
    rows.filter((r) => r.mailbox.mailRefusedTotal > 0).map((r) => r.mailbox.id),
  );
  return rows.map((r) =>
    mailboxToWire(
      r.mailbox,
      r.agent,
      inboundUrlOf(env, origin, r.mailbox.inboundToken),
      drafts.get(r.mailbox.emailAddress) ?? 0,
      refused.get(r.mailbox.id),
    ),
  );
}

/** §3's Email mapping of an assigned mailbox. */
export function mappingToWire(row: MailboxRow, agent: AgentRow): MailAgentMapping {
  return {
    email_address: row.emailAddress,
    agent_url: agent.chatbotApi || `agent:${agent.agentName}`,
    description: row.description,
    created_at: (row.agentAssignedAt ?? row.createdAt).toISOString(),
    updated_at: row.updatedAt.toISOString(),
    status: 'active',
    agent_id: agent.agentName,
    agent_name: agent.name ?? agent.agentName,
  };
}

/** The organization's assigned mailboxes (GET /mail/agent-mappings). */
export async function listMappings(db: Db, orgId: string): Promise<MailAgentMapping[]> {
  const rows = await db
    .select({ mailbox: mailboxes, agent: agents })
    .from(mailboxes)
    .innerJoin(agents, eq(agents.agentName, mailboxes.agentName))
    .where(eq(mailboxes.organizationId, orgId))
    .orderBy(asc(mailboxes.emailAddress));
  return rows.map((r) => mappingToWire(r.mailbox, r.agent));
}
