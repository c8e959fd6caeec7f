import { eq } from 'drizzle-orm';
import { businessHoursSchema, defaultBusinessHours, type BusinessHours } from '@parley/api-client';
import type { Db } from '../db/client';
import { businessHours } from '../db/schema';
import { isOpenAt } from './businessHours';

/** The organization's business hours; one that set none is open every day, all day (UTC). */
export async function businessHoursOf(db: Db, orgId: string): Promise<BusinessHours> {
  const [row] = await db
    .select()
    .from(businessHours)
    .where(eq(businessHours.organizationId, orgId))
    .limit(1);
  if (!row) return defaultBusinessHours;
  // Stored through the same schema; read through it again (a day added later reads as closed).
  const parsed = businessHoursSchema.safeParse({
    time_zone: row.timeZone,
    days: row.days,
    holidays: row.holidays,
    out_of_hours_message: row.outOfHoursMessage,
  });
  return parsed.success ? parsed.data : defaultBusinessHours;
}

/** Replaces the organization's business hours (checked by the contract's schema before). */
export async function saveBusinessHours(
  db: Db,
  orgId: string,
  hours: BusinessHours,
): Promise<BusinessHours> {
  const values = {
    timeZone: hours.time_zone,
    days: hours.days,
    holidays: hours.holidays,
    outOfHoursMessage: hours.out_of_hours_message,
    updatedAt: new Date(),
  };
  await db
    .insert(businessHours)
    .values({ organizationId: orgId, ...values })
    .onConflictDoUpdate({ target: businessHours.organizationId, set: values });
  return hours;
}

/** Whether the organization is open now, and what a person is told outside its hours. */
export async function openNow(
  db: Db,
  orgId: string,
  now: Date,
): Promise<{ inHours: boolean; outOfHoursMessage: string }> {
  const hours = await businessHoursOf(db, orgId);
  return { inHours: isOpenAt(hours, now), outOfHoursMessage: hours.out_of_hours_message };
}
