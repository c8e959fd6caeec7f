import { asc, eq, sql } from 'drizzle-orm';
import { getCountryCallingCode, parsePhoneNumberFromString } from 'libphonenumber-js/max';
import type { CountryCode } from 'libphonenumber-js/max';
import {
  redactCategories,
  type PrivacySettings,
  type PrivacySettingsUpdate,
  type RedactCategory,
} from '@parley/api-client';
import type { Db } from '../db/client';
import { phoneNumbers, privacySettings } from '../db/schema';
import { HttpError } from '../lib/http';
import { cachedRead, tags } from '../lib/tenantCache';
import type { StoragePolicy } from './storage';

/** An organization's privacy settings as the server uses them. */
export interface OrgPrivacy extends StoragePolicy {
  retentionDays: number | null;
  /** The configured country (null: automatic). */
  phoneRegion: string | null;
  updatedAt: Date | null;
}

/** Without a saved row: everything stored as written, kept, every category redacted when asked. */
const defaults = {
  storageMode: 'full' as const,
  retentionDays: null,
  redactCategories: [...redactCategories],
  phoneRegion: null,
  updatedAt: null,
};

/** The region used when neither the settings nor the organization's numbers give one. */
export const fallbackRegion: CountryCode = 'US';

/** Whether a two-letter code is a country libphonenumber knows. */
export function isRegion(code: string): code is CountryCode {
  try {
    getCountryCallingCode(code as CountryCode);
    return true;
  } catch {
    return false;
  }
}

async function numbersRegion(db: Db, orgId: string): Promise<CountryCode | null> {
  const [row] = await db
    .select({ phone: phoneNumbers.phoneNumber })
    .from(phoneNumbers)
    .where(eq(phoneNumbers.organizationId, orgId))
    .orderBy(asc(phoneNumbers.createdAt))
    .limit(1);
  return (row && parsePhoneNumberFromString(row.phone)?.country) || null;
}

async function loadPrivacy(db: Db, orgId: string): Promise<OrgPrivacy> {
  const [row] = await db
    .select()
    .from(privacySettings)
    .where(eq(privacySettings.organizationId, orgId))
    .limit(1);
  const configured = row?.phoneRegion && isRegion(row.phoneRegion) ? row.phoneRegion : null;
  const region = configured ?? (await numbersRegion(db, orgId)) ?? fallbackRegion;
  const saved = row
    ? {
        storageMode: row.storageMode,
        retentionDays: row.retentionDays,
        redactCategories: row.redactCategories.filter((c): c is RedactCategory =>
          (redactCategories as readonly string[]).includes(c),
        ),
        phoneRegion: row.phoneRegion,
        updatedAt: row.updatedAt,
      }
    : defaults;
  return Object.freeze({ ...saved, region });
}

/**
 * The organization's privacy settings, through the tenant cache (every write path of a turn reads
 * them: no round trip once warm); a change NOTIFYs every process (migration 0035).
 */
export function privacyOf(db: Db, orgId: string): Promise<OrgPrivacy> {
  return cachedRead(db, `privacy:${orgId}`, [tags.organization(orgId)], () =>
    loadPrivacy(db, orgId),
  );
}

export function privacyToWire(p: OrgPrivacy): PrivacySettings {
  return {
    storage_mode: p.storageMode,
    retention_days: p.retentionDays,
    redact_categories: [...p.redactCategories],
    phone_region: p.phoneRegion,
    effective_phone_region: p.region ?? fallbackRegion,
    updated_at: p.updatedAt?.toISOString() ?? null,
  };
}

/** Saves the fields given (the others kept); answers the settings before and after. */
export async function updatePrivacy(
  db: Db,
  orgId: string,
  patch: PrivacySettingsUpdate,
): Promise<{ before: OrgPrivacy; after: OrgPrivacy }> {
  if (patch.phone_region && !isRegion(patch.phone_region))
    throw new HttpError(400, 'phone_region: is not a country with phone numbers', {
      issues: [{ field: 'phone_region', message: 'is not a country with phone numbers' }],
    });
  const before = await loadPrivacy(db, orgId);
  const values = {
    storageMode: patch.storage_mode ?? before.storageMode,
    retentionDays: patch.retention_days === undefined ? before.retentionDays : patch.retention_days,
    redactCategories: patch.redact_categories ?? [...before.redactCategories],
    phoneRegion: patch.phone_region === undefined ? before.phoneRegion : patch.phone_region,
  };
  await db
    .insert(privacySettings)
    .values({ organizationId: orgId, ...values })
    .onConflictDoUpdate({
      target: privacySettings.organizationId,
      set: { ...values, updatedAt: sql`now()` },
    });
  return { before, after: await loadPrivacy(db, orgId) };
}
