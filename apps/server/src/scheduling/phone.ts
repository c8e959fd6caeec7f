import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { parsePhoneNumberFromString } from 'libphonenumber-js';

/**
 * A phone number in its normalised E.164 form (libphonenumber-js): `+44 07911 123456`,
 * `+4407911123456` and `+447911123456` are one number, `+447911123456` (the national trunk '0'
 * dropped, spaces and punctuation gone). A number it cannot parse stays as written (trimmed).
 */
export function e164Of(phone: string): string {
  return parsePhoneNumberFromString(phone.trim())?.number ?? phone.trim();
}

/**
 * The stored numbers (a column) that may be one of `phones` whichever way either was written:
 * the same last seven digits (a trunk '0' or spaces sit before them). It finds the few candidates
 * in SQL; `samePhone` decides.
 */
export function maybeSamePhone(column: SQL | PgColumn, phones: readonly string[]): SQL {
  const tails = [...new Set(phones.map((p) => e164Of(p).slice(-7)))];
  return sql`right(regexp_replace(${column}, '[^0-9]', '', 'g'), 7) IN (${sql.join(
    tails.map((t) => sql`${t}`),
    sql`, `,
  )})`;
}

/** Whether two spellings are one number (their normalised E.164 forms are equal). */
export const samePhone = (a: string, b: string) => e164Of(a) === e164Of(b);
