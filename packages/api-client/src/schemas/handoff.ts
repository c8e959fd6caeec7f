import { z } from 'zod';

/**
 * Handoff to people (issue 41, docs/inbox-and-analytics.md): the `request_human` tool or the
 * visitor's own request puts a conversation in `needs_human` with a reason and a summary; the
 * organization's business hours decide what the person is told; members are told.
 */

// ---------- what the person is told ----------

/** Inside business hours, in a chat, SMS, WhatsApp or e-mail conversation. */
export const handoffInHoursNotice = 'A member of the team will reply here shortly';
/** The organization's out-of-hours message until it sets its own. */
export const defaultOutOfHoursMessage =
  "Thanks for getting in touch. We're closed right now; a member of the team will reply here when we're back.";
/** While the conversation waits for a person, each new message gets this first line (chat, SMS, WhatsApp). */
export const handoffWaitingAck = 'Thanks, your message is with the team.';
/** On a call: the agent puts the caller through to the member on duty. */
export const callTransferNotice = 'Please hold while I connect you with a member of the team.';
/** On a call with no member to put it through to (or out of hours): a message is taken. */
export const callMessageTakenNotice =
  "I've taken a message. A member of the team will get back to you as soon as they can.";

/** What a chat, SMS, WhatsApp or e-mail person is told once a person is asked for. */
export function handoffNotice(inHours: boolean, outOfHoursMessage: string): string {
  return inHours ? handoffInHoursNotice : outOfHoursMessage;
}

// ---------- business hours ----------

export const weekdayValues = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof weekdayValues)[number];

/** 'HH:MM' from 00:00 to 23:59, and 24:00 as the end of a day. */
export const clockTimePattern = /^(?:(?:[01]\d|2[0-3]):[0-5]\d|24:00)$/;
const timeSchema = z
  .string({ error: 'must be a time like 09:00' })
  .regex(clockTimePattern, 'must be a time like 09:00 (00:00 to 24:00)');

/** Minutes since midnight of 'HH:MM'. */
export const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** At most this many opening ranges a day, holidays a year. */
export const businessHoursLimits = { rangesPerDay: 6, holidays: 366, message: 500 } as const;

/** A day's opening: [opens, closes], closing after it opens. */
const rangeSchema = z
  .tuple([timeSchema, timeSchema], { error: 'must be a range like ["09:00", "17:00"]' })
  .refine(
    ([from, to]) =>
      !clockTimePattern.test(from) || !clockTimePattern.test(to) || minutesOf(to) > minutesOf(from),
    'must end after it starts',
  );

const daySchema = z
  .array(rangeSchema, { error: 'must be a list of ranges like [["09:00", "17:00"]]' })
  .max(businessHoursLimits.rangesPerDay, `at most ${businessHoursLimits.rangesPerDay} ranges a day`)
  .superRefine((ranges, ctx) => {
    const sorted = ranges
      .map((r, i) => ({ from: minutesOf(r[0]), to: minutesOf(r[1]), i }))
      .sort((a, b) => a.from - b.from);
    for (let k = 1; k < sorted.length; k++)
      if (sorted[k]!.from < sorted[k - 1]!.to)
        ctx.addIssue({
          code: 'custom',
          path: [sorted[k]!.i],
          message: 'overlaps another range of the day',
        });
  });

/**
 * An IANA time zone name ('Europe/Paris', 'America/New_York', 'UTC') that this runtime's Intl
 * knows: offsets ('+01:00') and abbreviations ('CET' aside, which IANA lists) are refused.
 */
export function isTimeZone(value: string): boolean {
  if (!/^(?:UTC|[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+){0,2})$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const isoDay = /^\d{4}-\d{2}-\d{2}$/;
const isRealDay = (value: string) => {
  if (!isoDay.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
};

const daysSchema = z.strictObject(
  Object.fromEntries(weekdayValues.map((d) => [d, daySchema.default([])])) as Record<
    Weekday,
    z.ZodDefault<typeof daySchema>
  >,
  { error: 'must be an object of days mon … sun, each a list of ranges' },
);

/**
 * GET/PUT /api/org/{orgId}/business-hours: the organization's opening hours in its time zone,
 * its holidays (closed all day) and what a person is told outside them. A day left out is closed.
 */
export const businessHoursSchema = z.object({
  time_zone: z
    .string({ error: 'time_zone is required (an IANA name such as Europe/Paris)' })
    .trim()
    .max(64, 'must be at most 64 characters')
    .refine(isTimeZone, 'must be an IANA time zone such as Europe/Paris or America/New_York'),
  days: daysSchema,
  holidays: z
    .array(z.string().refine(isRealDay, 'must be a date like 2026-12-25'), {
      error: 'must be a list of dates like 2026-12-25',
    })
    .max(businessHoursLimits.holidays, `at most ${businessHoursLimits.holidays} holidays`)
    .default([])
    .transform((days) => [...new Set(days)].sort()),
  out_of_hours_message: z
    .string({ error: 'must be text' })
    .trim()
    .min(1, 'must not be empty')
    .max(businessHoursLimits.message, `must be at most ${businessHoursLimits.message} characters`)
    .default(defaultOutOfHoursMessage),
});
export type BusinessHours = z.output<typeof businessHoursSchema>;
export type BusinessHoursInput = z.input<typeof businessHoursSchema>;

/** An organization that set no hours: open every day, all day (UTC). */
export const defaultBusinessHours: BusinessHours = {
  time_zone: 'UTC',
  days: Object.fromEntries(weekdayValues.map((d) => [d, [['00:00', '24:00']]])) as Record<
    Weekday,
    Array<[string, string]>
  >,
  holidays: [],
  out_of_hours_message: defaultOutOfHoursMessage,
};

// ---------- handoffs ----------

export const handoffSourceValues = ['agent', 'visitor'] as const;
export type HandoffSource = (typeof handoffSourceValues)[number];

/** A conversation's request for a person, as members see it. */
export const handoffSchema = z.object({
  id: z.string(),
  /** Why: the agent's (request_human) or the visitor's words. */
  reason: z.string(),
  /** The conversation so far, by the agent's model, or its last messages without one. */
  summary: z.string(),
  summary_source: z.enum(['model', 'last_messages']),
  /** agent: the request_human tool (or the offline responder); visitor: 'Talk to a person'. */
  source: z.enum(handoffSourceValues),
  requested_at: z.string(),
  /** Asked inside the organization's business hours. */
  in_hours: z.boolean(),
  /** A member took it over (or the call was put through to them). */
  taken_at: z.string().nullable(),
  taken_by: z.object({ user_id: z.string(), name: z.string() }).nullable(),
  /** The first member reply (time to a person). */
  first_reply_at: z.string().nullable(),
  /** A call put through to a member's phone: the number. */
  transferred_to: z.string().nullable(),
});
export type Handoff = z.infer<typeof handoffSchema>;

/** POST /v1/conversations/{id}/handoff (the agent's key as bearer): the visitor asks for a person. */
export const visitorHandoffRequestSchema = z.object({
  user: z
    .string({ error: 'user is required' })
    .trim()
    .min(1, 'user is required')
    .max(200, 'user must be at most 200 characters'),
  reason: z.string().trim().max(500, 'reason must be at most 500 characters').optional(),
});
export type VisitorHandoffRequest = z.input<typeof visitorHandoffRequestSchema>;

export const visitorHandoffResponseSchema = z.object({
  conversation_id: z.string(),
  /** needs_human while it waits; held once a member has it. */
  status: z.enum(['needs_human', 'held']),
  in_hours: z.boolean(),
  /** What the visitor is told (the in-hours notice or the out-of-hours message). */
  message: z.string(),
  requested_at: z.string(),
});
export type VisitorHandoffResponse = z.infer<typeof visitorHandoffResponseSchema>;

/** GET /api/conversations/waiting: how many wait for a person now (the badge, the Overview). */
export const waitingQuerySchema = z.object({
  organization_id: z.string().min(1, 'organization_id must not be empty').optional(),
});

// ---------- members: a phone number, e-mail alerts ----------

/** GET/PUT /api/account/profile: the signed-in member's own phone number (E.164, or null). */
export const memberProfileSchema = z.object({ phone_number: z.string().nullable() });
export type MemberProfile = z.infer<typeof memberProfileSchema>;
export const memberProfileUpdateSchema = z.object({
  phone_number: z
    .string({ error: 'must be a phone number or null' })
    .trim()
    .max(40, 'must be at most 40 characters')
    .nullable(),
});

/** GET/PUT /api/org/{orgId}/notifications: this member's alerts of the organization. */
export const memberNotificationsSchema = z.object({
  /** E-mail me when a conversation needs a person. */
  handoff_email: z.boolean(),
  /** The install has a mailer (PARLEY_SMTP_URL): without one no e-mail is sent. */
  mailer: z.boolean(),
});
export type MemberNotifications = z.infer<typeof memberNotificationsSchema>;
export const memberNotificationsUpdateSchema = z.object({
  handoff_email: z.boolean({ error: 'must be true or false' }),
});
