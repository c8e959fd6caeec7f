import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  defaultSchedulingSettings,
  type SchedulingSettings,
  type SchedulingSettingsResponse,
} from '@parley/api-client';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { doNotCall, sandboxCallOutcomes, schedulingSettings } from '../db/schema';
import { e164Of, maybeSamePhone, samePhone } from './phone';
import { erasedPrefix, ledgerForms, ledgerFormsOf } from '../privacy/ledger';

type SettingsRow = typeof schedulingSettings.$inferSelect;

/** The breaker trips when at least this many of the last `breakerWindow` attempts failed at the provider. */
export const breakerWindow = 10;
export const breakerThreshold = 5;

/** The organization's settings row (created with the defaults on first use). */
export async function settingsRow(db: Pick<Db, 'insert' | 'select'>, orgId: string) {
  const [found] = await db
    .select()
    .from(schedulingSettings)
    .where(eq(schedulingSettings.organizationId, orgId));
  if (found) return found;
  await db.insert(schedulingSettings).values({ organizationId: orgId }).onConflictDoNothing();
  const [row] = await db
    .select()
    .from(schedulingSettings)
    .where(eq(schedulingSettings.organizationId, orgId));
  return row!;
}

export function settingsWire(row: SettingsRow): SchedulingSettingsResponse {
  return {
    calling_window_start: row.callingWindowStart,
    calling_window_end: row.callingWindowEnd,
    max_concurrent_calls: row.maxConcurrentCalls,
    dialing_paused: row.pausedAt
      ? { since: row.pausedAt.toISOString(), reason: row.pausedReason ?? '' }
      : null,
  };
}

export async function getSettings(db: Db, orgId: string) {
  return settingsWire(await settingsRow(db, orgId));
}

export async function putSettings(db: Db, orgId: string, body: SchedulingSettings) {
  await settingsRow(db, orgId);
  const [row] = await db
    .update(schedulingSettings)
    .set({
      callingWindowStart: body.calling_window_start,
      callingWindowEnd: body.calling_window_end,
      maxConcurrentCalls: body.max_concurrent_calls,
      updatedAt: new Date(),
    })
    .where(eq(schedulingSettings.organizationId, orgId))
    .returning();
  return settingsWire(row!);
}

/** Resume: the breaker closes and its count starts again. */
export async function resumeDialing(db: Db, orgId: string) {
  await settingsRow(db, orgId);
  const [row] = await db
    .update(schedulingSettings)
    .set({ pausedAt: null, pausedReason: null, recentFailures: [], updatedAt: new Date() })
    .where(eq(schedulingSettings.organizationId, orgId))
    .returning();
  return settingsWire(row!);
}

/** The breaker's verdict on the last attempts (newest last): trip or not. */
export function breakerTrips(recent: readonly boolean[]): boolean {
  return recent.slice(-breakerWindow).filter(Boolean).length >= breakerThreshold;
}

/**
 * The breaker after some attempts' results at the provider (in order, `true` = failed): the
 * last `breakerWindow` results, and the reason it trips, at the first result that trips it
 * (null when it does not, or was already open).
 */
export function breakerAfter(
  recent: readonly boolean[],
  results: readonly boolean[],
  open: boolean,
): { recent: boolean[]; trips: string | null } {
  let window = [...recent];
  let trips: string | null = null;
  for (const failed of results) {
    window = [...window, failed].slice(-breakerWindow);
    if (!open && !trips && breakerTrips(window))
      trips = `${window.filter(Boolean).length} of the last ${window.length} calls failed at the telephony provider`;
  }
  return { recent: window, trips };
}

/**
 * Records attempts' results at the provider (inside the caller's transaction, in order, `true` =
 * failed); trips the breaker (dialling paused until Resume) when at least half of the last 10
 * failed there. The settings row is locked until the caller's transaction ends: calls ending at
 * once (two processes, or a batch) each add their result, none overwrites another's.
 */
export async function recordProviderResults(
  tx: Pick<Db, 'insert' | 'select' | 'update'>,
  orgId: string,
  results: readonly boolean[],
  now: Date,
) {
  await settingsRow(tx, orgId);
  const [row] = await tx
    .select()
    .from(schedulingSettings)
    .where(eq(schedulingSettings.organizationId, orgId))
    .for('update');
  const { recent, trips } = breakerAfter(row!.recentFailures, results, Boolean(row!.pausedAt));
  await tx
    .update(schedulingSettings)
    .set({ recentFailures: recent, ...(trips ? { pausedAt: now, pausedReason: trips } : {}) })
    .where(eq(schedulingSettings.organizationId, orgId));
  return {
    settings: {
      ...row!,
      recentFailures: recent,
      ...(trips ? { pausedAt: now, pausedReason: trips } : {}),
    },
    trips: trips !== null,
  };
}

/** Records one attempt's result at the provider (see recordProviderResults); true when it trips. */
export async function recordProviderResult(
  tx: Pick<Db, 'insert' | 'select' | 'update'>,
  orgId: string,
  failed: boolean,
  now: Date,
) {
  return (await recordProviderResults(tx, orgId, [failed], now)).trips;
}

/** Why a number must not be called (the do-not-call list, or an SMS STOP from it), or null. */
export async function doNotCallReason(
  db: Db,
  orgId: string,
  phone: string,
): Promise<string | null> {
  return (await doNotCallReasons(db, orgId, [phone])).get(phone) ?? null;
}

/**
 * Why each of the numbers must not be called, in one round trip for a batch of dials: the
 * do-not-call list first, then an SMS opt-out (STOP …). Matched on the normalised number
 * (`+4407911…` is `+447911…`), whichever way either side was written. Numbers free to call are
 * absent; the reason names the number as the caller wrote it.
 */
export async function doNotCallReasons(
  db: Pick<Db, 'execute'>,
  orgId: string,
  phones: readonly string[],
): Promise<Map<string, string>> {
  const reasons = new Map<string, string>();
  if (!phones.length) return reasons;
  const askedAs = new Map<string, string[]>();
  for (const phone of new Set(phones)) {
    const key = e164Of(phone);
    askedAs.set(key, [...(askedAs.get(key) ?? []), phone]);
  }
  // An erased person's entries are kept as a keyed hash (privacy/ledger.ts): matched too.
  const erased = ledgerFormsOf([...askedAs.keys()]);
  const candidates = (column: SQL) => orErased(column, phones, erased.forms);
  const rows = rowsOf(
    await db.execute(sql`
      SELECT 1 AS rank, phone_number AS phone, reason AS detail FROM do_not_call
        WHERE organization_id = ${orgId} AND ${candidates(sql`phone_number`)}
      UNION ALL
      SELECT 2 AS rank, end_user AS phone, keyword AS detail FROM messaging_opt_outs
        WHERE organization_id = ${orgId} AND ${candidates(sql`end_user`)}
      ORDER BY rank`),
  );
  for (const row of rows) {
    const detail = String(row.detail ?? '');
    const stored = String(row.phone);
    for (const phone of askedAs.get(erased.valueOf.get(stored) ?? e164Of(stored)) ?? []) {
      if (reasons.has(phone)) continue;
      reasons.set(
        phone,
        Number(row.rank) === 1
          ? `Not dialled: ${phone} is on the do-not-call list${detail ? ` (${detail})` : ''}`
          : `Not dialled: ${phone} opted out by sending ${detail}`,
      );
    }
  }
  return reasons;
}

/**
 * The stored numbers (a column) that may be one of `phones`: the same number however written
 * (maybeSamePhone), or an erased person's keyed hash among `forms` (privacy/ledger.ts).
 */
function orErased(column: SQL, phones: readonly string[], forms: readonly string[]): SQL {
  const hashes = forms.filter((f) => f.startsWith(erasedPrefix));
  if (!hashes.length) return maybeSamePhone(column, phones);
  return sql`(${maybeSamePhone(column, phones)} OR ${column} IN (${sql.join(
    hashes.map((h) => sql`${h}`),
    sql`, `,
  )}))`;
}

export async function listDoNotCall(db: Db, orgId: string) {
  const rows = await db
    .select()
    .from(doNotCall)
    .where(eq(doNotCall.organizationId, orgId))
    .orderBy(sql`${doNotCall.createdAt} desc`);
  return rows.map((r) => ({
    phone_number: r.phoneNumber,
    reason: r.reason,
    created_at: r.createdAt.toISOString(),
  }));
}

/** Lists a number (normalised to E.164, so each person is listed once however it was typed). */
export async function addDoNotCall(db: Db, orgId: string, phone: string, reason = '') {
  await db
    .insert(doNotCall)
    .values({ organizationId: orgId, phoneNumber: e164Of(phone), reason })
    .onConflictDoNothing();
}

/** The listing of a number on the organization's list, however either was written; or null. */
export async function doNotCallEntry(db: Pick<Db, 'select'>, orgId: string, phone: string) {
  const rows = await db
    .select()
    .from(doNotCall)
    .where(
      and(
        eq(doNotCall.organizationId, orgId),
        orErased(sql`${doNotCall.phoneNumber}`, [phone], ledgerForms(e164Of(phone))),
      ),
    );
  const token = ledgerForms(e164Of(phone))[1];
  return rows.find((r) => samePhone(r.phoneNumber, phone) || r.phoneNumber === token) ?? null;
}

/** Takes a number off the list, however it (or its listing) was written. */
export async function removeDoNotCall(db: Db, orgId: string, phone: string) {
  const rows = await db
    .select({ phone: doNotCall.phoneNumber })
    .from(doNotCall)
    .where(
      and(eq(doNotCall.organizationId, orgId), maybeSamePhone(doNotCall.phoneNumber, [phone])),
    );
  const listed = rows.filter((r) => samePhone(r.phone, phone)).map((r) => r.phone);
  if (listed.length)
    await db
      .delete(doNotCall)
      .where(and(eq(doNotCall.organizationId, orgId), inArray(doNotCall.phoneNumber, listed)));
}

export async function listSandboxOutcomes(db: Db, orgId: string) {
  const rows = await db
    .select()
    .from(sandboxCallOutcomes)
    .where(eq(sandboxCallOutcomes.organizationId, orgId))
    .orderBy(sandboxCallOutcomes.phoneNumber);
  return rows.map((r) => ({ phone_number: r.phoneNumber, outcome: r.outcome }));
}

/** Sets the sandbox's outcome for calls to a number ('answered' removes the control). */
export async function setSandboxOutcome(db: Db, orgId: string, phone: string, outcome: string) {
  if (outcome === 'answered') {
    await db
      .delete(sandboxCallOutcomes)
      .where(
        and(
          eq(sandboxCallOutcomes.organizationId, orgId),
          eq(sandboxCallOutcomes.phoneNumber, phone),
        ),
      );
    return;
  }
  await db
    .insert(sandboxCallOutcomes)
    .values({ organizationId: orgId, phoneNumber: phone, outcome })
    .onConflictDoUpdate({
      target: [sandboxCallOutcomes.organizationId, sandboxCallOutcomes.phoneNumber],
      set: { outcome, updatedAt: new Date() },
    });
}

export { defaultSchedulingSettings };
