import { z } from 'zod';
import { phoneFormatMessage, phonePattern } from './common';
import { dialingPausedSchema, sandboxOutcomes } from './voice';

// ---------- the organization's dialling rules (docs/scheduled-calls.md) ----------

/** "HH:MM" from 00:00 to 24:00. */
const clockTime = z
  .string()
  .regex(/^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/, 'must be a time HH:MM from 00:00 to 24:00');
/** GET/PUT /voice/scheduled/organization/{org}/settings ("00:00"–"24:00" = any time). */
export const schedulingSettingsSchema = z.object({
  calling_window_start: clockTime,
  calling_window_end: clockTime,
  max_concurrent_calls: z.number().int().min(1, 'must be 1 to 100').max(100, 'must be 1 to 100'),
});
export type SchedulingSettings = z.infer<typeof schedulingSettingsSchema>;
export const schedulingSettingsResponseSchema = schedulingSettingsSchema.extend({
  dialing_paused: dialingPausedSchema,
});
export type SchedulingSettingsResponse = z.infer<typeof schedulingSettingsResponseSchema>;
export const defaultSchedulingSettings: SchedulingSettings = {
  calling_window_start: '08:00',
  calling_window_end: '21:00',
  max_concurrent_calls: 5,
};

/** The sandbox control: what happens to calls dialled to a number. */
export const sandboxOutcomeRequestSchema = z.object({
  phone_number: z.string().regex(phonePattern, phoneFormatMessage),
  outcome: z.enum(sandboxOutcomes, { error: `must be one of ${sandboxOutcomes.join(', ')}` }),
});
export const sandboxOutcomesResponseSchema = z.object({
  outcomes: z.array(sandboxOutcomeRequestSchema),
});

/** The organization's do-not-call list. */
export const doNotCallRequestSchema = z.object({
  phone_number: z.string().regex(phonePattern, phoneFormatMessage),
  reason: z.string().max(500).optional(),
});
export const doNotCallEntrySchema = z.object({
  phone_number: z.string(),
  reason: z.string(),
  created_at: z.string(),
});
/** A person who sent STOP (or UNSUBSCRIBE …) to one of our numbers: never dialled either. */
export const optOutEntrySchema = z.object({
  phone_number: z.string(),
  keyword: z.string(),
  channel: z.enum(['sms', 'whatsapp']),
  our_number: z.string(),
  created_at: z.string(),
});
export type OptOutEntry = z.infer<typeof optOutEntrySchema>;
export const doNotCallResponseSchema = z.object({
  numbers: z.array(doNotCallEntrySchema),
  /** GET only: the STOP opt-outs (newest first, at most 500). */
  opt_outs: z.array(optOutEntrySchema).optional(),
});
export type DoNotCallResponse = z.infer<typeof doNotCallResponseSchema>;
