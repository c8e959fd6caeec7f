import type { Context } from 'hono';
import { desc, eq, sql } from 'drizzle-orm';
import { auditSecretMask, type AuditChange } from '@parley/api-client';
import type { Db } from '../db/client';
import { auditLog } from '../db/schema';
import type { AppEnv } from '../lib/env';
import { trustedProxyHops, visitorIp } from '../lib/publicAccess';
import { entryHash, genesisHash, type ChainedFields } from './chain';

/** Who did it. */
export interface AuditActor {
  type: 'user' | 'api_key' | 'system';
  id: string | null;
  email: string | null;
}

export interface AuditInput {
  action: string;
  target?: { type: string; id: string } | null;
  changes?: AuditChange[];
}

export interface AuditRecord extends AuditInput {
  organizationId: string;
  actor: AuditActor;
  ip?: string | null;
  /** When (tests); default now. */
  at?: Date;
}

/**
 * The request's actor. A signed-in member is a 'user'; an organization API key (it acts through
 * its bot member user, apikeys/auth.ts sets both) is an 'api_key' with the key's id.
 */
export function actorOf(c: Context<AppEnv>): AuditActor {
  const user = c.get('user');
  const key = c.get('apiKey');
  if (key) return { type: 'api_key', id: key.id, email: user?.email ?? null };
  return { type: 'user', id: user?.id ?? null, email: user?.email ?? null };
}

/** JSON-clean values (no undefined, no NUL that jsonb refuses), so what is hashed is what is stored. */
function clean<T>(value: T): T {
  const json = JSON.stringify(value ?? null, (_key, v: unknown) =>
    typeof v === 'string' ? v.replaceAll('\0', '') : v,
  );
  return JSON.parse(json) as T;
}

/**
 * Appends an entry to the organization's chain: under a transaction-scoped advisory lock of the
 * organization (concurrent writers of one organization wait; others do not), after its last entry.
 */
export async function writeAudit(db: Db, record: AuditRecord): Promise<void> {
  const at = record.at ?? new Date();
  const changes = clean(record.changes ?? []);
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`SELECT pg_advisory_xact_lock(hashtextextended(${`audit:${record.organizationId}`}, 0))`,
    );
    const [last] = await tx
      .select({ seq: auditLog.seq, hash: auditLog.hash })
      .from(auditLog)
      .where(eq(auditLog.organizationId, record.organizationId))
      .orderBy(desc(auditLog.seq))
      .limit(1);
    const prevHash = last?.hash ?? genesisHash;
    const fields: ChainedFields = {
      organization_id: record.organizationId,
      seq: (last?.seq ?? 0) + 1,
      at: at.toISOString(),
      actor: record.actor,
      action: record.action,
      target: record.target ?? null,
      changes,
      ip: record.ip ?? null,
    };
    await tx.insert(auditLog).values({
      organizationId: record.organizationId,
      seq: fields.seq,
      at,
      actorType: record.actor.type,
      actorId: record.actor.id,
      actorEmail: record.actor.email,
      action: record.action,
      targetType: fields.target?.type ?? null,
      targetId: fields.target?.id ?? null,
      changes,
      ip: fields.ip,
      prevHash,
      hash: entryHash(prevHash, fields),
    });
  });
}

/** The request's client address (TRUST_PROXY as for rate limits). */
export function requestIp(c: Context<AppEnv>, env: Record<string, string | undefined>): string {
  return visitorIp(c, trustedProxyHops(env.TRUST_PROXY));
}

/**
 * The one way a route records what it did: `await audit(c, services, orgId, { action, target,
 * changes })` — the actor and the address come from the request.
 */
export function audit(
  c: Context<AppEnv>,
  services: { db: Db; env: Record<string, string | undefined> },
  organizationId: string,
  input: AuditInput,
): Promise<void> {
  return writeAudit(services.db, {
    ...input,
    organizationId,
    actor: actorOf(c),
    ip: requestIp(c, services.env),
  });
}

/** Names of nested members that hold secrets (an API key inside a voice provider's settings). */
const secretKey = /(api_?key|secret|token|password|credential)/i;

/** A value with every nested secret-named member masked. */
export function maskNested(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskNested);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([k, v]) => [
        k,
        secretKey.test(k) && v !== null && v !== '' ? auditSecretMask : maskNested(v),
      ]),
    );
  return value;
}

/**
 * The fields that differ between two versions of a settings object, as `{field, before, after}`
 * (camelCase names written snake_case, as on the wire); fields named in `secrets` show '••••'
 * (set) or null (unset), never their values — a replaced secret shows the mask on both sides —
 * and members named like secrets inside other values are masked too.
 */
export function changesBetween(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
  options: { secrets?: readonly string[]; only?: readonly string[] } = {},
): AuditChange[] {
  const secrets = new Set(options.secrets ?? []);
  const snake = (f: string) => f.replace(/[A-Z]/g, (ch) => `_${ch.toLowerCase()}`);
  const fields = options.only ?? [
    ...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]),
  ];
  const out: AuditChange[] = [];
  for (const field of fields) {
    const a = before?.[field] ?? null;
    const b = after?.[field] ?? null;
    if (JSON.stringify(a) === JSON.stringify(b)) continue;
    const name = snake(field);
    if (secrets.has(field)) {
      const empty = (v: unknown) =>
        v === null || v === '' || (typeof v === 'object' && !Object.keys(v as object).length);
      const mask = (v: unknown) => (empty(v) ? null : auditSecretMask);
      out.push({ field: name, before: mask(a), after: mask(b) });
    } else out.push({ field: name, before: maskNested(a), after: maskNested(b) });
  }
  return out;
}
