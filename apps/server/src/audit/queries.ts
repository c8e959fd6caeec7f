import { and, asc, desc, eq, gt, like, lt, or, sql } from 'drizzle-orm';
import type { AuditEntry, AuditLog, AuditLogQuery, AuditVerify } from '@parley/api-client';
import type { Db } from '../db/client';
import { auditLog } from '../db/schema';
import { entryHash, genesisHash } from './chain';

type Row = typeof auditLog.$inferSelect;

export function entryToWire(row: Row): AuditEntry {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actor: { type: row.actorType, id: row.actorId, email: row.actorEmail },
    action: row.action,
    target: row.targetType && row.targetId ? { type: row.targetType, id: row.targetId } : null,
    changes: row.changes,
    ip: row.ip,
  };
}

/** A cursor is the last entry's sequence number, as text. */
const cursorOf = (seq: number) => String(seq);

/** The organization's entries, newest first, filtered by actor (id or e-mail) and action (or family). */
export async function listAudit(
  db: Db,
  organizationId: string,
  query: AuditLogQuery,
): Promise<AuditLog> {
  const limit = query.limit ?? 50;
  const before = query.cursor && /^\d{1,15}$/.test(query.cursor) ? Number(query.cursor) : null;
  const rows = await db
    .select()
    .from(auditLog)
    .where(
      and(
        eq(auditLog.organizationId, organizationId),
        before !== null ? lt(auditLog.seq, before) : undefined,
        query.actor
          ? or(
              eq(auditLog.actorId, query.actor),
              sql`lower(${auditLog.actorEmail}) = lower(${query.actor})`,
            )
          : undefined,
        query.action
          ? or(
              eq(auditLog.action, query.action),
              like(auditLog.action, `${query.action.replace(/[\\%_]/g, '\\$&')}.%`),
            )
          : undefined,
      ),
    )
    .orderBy(desc(auditLog.seq))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  return {
    entries: page.map(entryToWire),
    next_cursor: rows.length > limit ? cursorOf(page[page.length - 1]!.seq) : null,
  };
}

const batch = 1000;

/**
 * Walks the organization's chain from its first entry: each entry must follow the one before
 * (sequence number, previous hash) and its hash must be that of its own fields. The first entry
 * that does not is named.
 */
export async function verifyAudit(db: Db, organizationId: string): Promise<AuditVerify> {
  let prevHash = genesisHash;
  let prevSeq = 0;
  let checked = 0;
  for (;;) {
    const rows = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.organizationId, organizationId), gt(auditLog.seq, prevSeq)))
      .orderBy(asc(auditLog.seq))
      .limit(batch);
    for (const row of rows) {
      const wire = entryToWire(row);
      const broken = (reason: string): AuditVerify => ({
        ok: false,
        entries: checked,
        broken: { id: row.id, at: wire.at, reason },
      });
      if (row.seq !== prevSeq + 1)
        return broken(`entry ${prevSeq + 1} is missing (the next one is ${row.seq})`);
      if (row.prevHash !== prevHash)
        return broken('its previous hash is not the hash of the entry before it');
      const hash = entryHash(prevHash, {
        organization_id: row.organizationId,
        seq: row.seq,
        at: wire.at,
        actor: wire.actor,
        action: wire.action,
        target: wire.target,
        changes: wire.changes,
        ip: wire.ip,
      });
      if (hash !== row.hash)
        return broken('its contents do not match its hash (changed after it was written)');
      prevHash = row.hash;
      prevSeq = row.seq;
      checked++;
    }
    if (rows.length < batch) return { ok: true, entries: checked, broken: null };
  }
}
