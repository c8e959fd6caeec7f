import { z } from 'zod';

// Privacy (issue 42): an organization's storage mode and redaction, a person's data (export and
// erasure) and the audit log. Calls under /api/org/{orgId}: privacy, contacts/{contact}[/export],
// audit-log[/verify]. docs/privacy.md says what each stores.

import { maxRetentionDays, redactCategories, storageModeValues } from './privacyValues';

export * from './privacyValues';

export const privacySettingsSchema = z.object({
  storage_mode: z.enum(storageModeValues),
  retention_days: z.number().int().min(1).max(maxRetentionDays).nullable(),
  redact_categories: z.array(z.enum(redactCategories)),
  /**
   * The country of phone numbers written without their country code (ISO 3166 alpha-2, e.g. 'US');
   * null: the country of the organization's phone numbers, else US.
   */
  phone_region: z.string().nullable(),
  /** The country the detector uses now (phone_region, else the numbers', else US). */
  effective_phone_region: z.string(),
  updated_at: z.string().nullable(),
});
export type PrivacySettings = z.infer<typeof privacySettingsSchema>;

/** PUT: any of the fields (the others are kept). */
export const privacySettingsUpdateSchema = z
  .object({
    storage_mode: z.enum(storageModeValues, {
      error: `must be one of ${storageModeValues.join(', ')}`,
    }),
    retention_days: z
      .number({ error: 'must be a whole number of days or null' })
      .int('must be a whole number of days or null')
      .min(1, 'must be at least 1 (null keeps everything)')
      .max(maxRetentionDays, `must be at most ${maxRetentionDays}`)
      .nullable(),
    redact_categories: z
      .array(z.enum(redactCategories, { error: `must be one of ${redactCategories.join(', ')}` }))
      .max(redactCategories.length)
      .refine((list) => new Set(list).size === list.length, 'must not repeat a category'),
    phone_region: z
      .string()
      .regex(/^[A-Z]{2}$/, 'must be a two-letter country code (e.g. US) or null')
      .nullable(),
  })
  .partial();
export type PrivacySettingsUpdate = z.infer<typeof privacySettingsUpdateSchema>;

// ---------- a person's data ----------

export const contactKindValues = ['phone', 'email', 'user'] as const;
export type ContactKind = (typeof contactKindValues)[number];

/** Who the export or erasure is about: what was asked and how it was read. */
export const contactRefSchema = z.object({
  query: z.string(),
  kind: z.enum(contactKindValues),
  /** E.164 for a phone number, lower case for an e-mail address, the id as given for a user. */
  normalized: z.string(),
});
export type ContactRef = z.infer<typeof contactRefSchema>;

export const contactMessageSchema = z.object({
  id: z.string(),
  role: z.string(),
  direction: z.string().nullable(),
  author: z.string().nullable(),
  content: z.string(),
  status: z.string().nullable(),
  created_at: z.string(),
  metadata: z.record(z.string(), z.unknown()),
  /** E-mail fields (subject, addresses) of a message on the email channel. */
  mail: z.object({ subject: z.string(), from: z.string(), to: z.string() }).nullable().optional(),
});

export const contactConversationSchema = z.object({
  id: z.string(),
  agent_name: z.string().nullable(),
  channel: z.string(),
  end_user: z.string(),
  agent_address: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  ended_at: z.string().nullable(),
  ended_by: z.string().nullable(),
  end_reason: z.string().nullable(),
  metadata: z.record(z.string(), z.unknown()),
  messages: z.array(contactMessageSchema),
});

export const contactCallSchema = z.object({
  conversation_id: z.string(),
  agent_name: z.string().nullable(),
  direction: z.string().nullable(),
  started_at: z.string(),
  ended_at: z.string().nullable(),
  ended_by: z.string().nullable(),
  end_reason: z.string().nullable(),
  turns: z.number(),
});

export const contactScheduledCallSchema = z.object({
  id: z.string(),
  agent_name: z.string(),
  scheduled_time: z.string(),
  status: z.string(),
  status_reason: z.string().nullable(),
  attempts: z.array(z.record(z.string(), z.unknown())),
  created_at: z.string(),
});

/** A consent or contactability record: do-not-call, a STOP opt-out, an unsubscribe or bounce. */
export const contactConsentSchema = z.object({
  kind: z.enum(['do_not_call', 'messaging_opt_out', 'mail_suppression']),
  channel: z.string().nullable(),
  our_address: z.string().nullable(),
  detail: z.string(),
  created_at: z.string(),
});

export const contactOutboxSchema = z.object({
  id: z.string(),
  kind: z.string(),
  from: z.string(),
  to: z.string(),
  body: z.string().nullable(),
  created_at: z.string(),
});

export const contactExportSchema = z.object({
  contact: contactRefSchema,
  organization_id: z.string(),
  exported_at: z.string(),
  conversations: z.array(contactConversationSchema),
  calls: z.array(contactCallSchema),
  scheduled_calls: z.array(contactScheduledCallSchema),
  consent: z.array(contactConsentSchema),
  /** What the sandbox outboxes hold for the person (messages and mail that would have been sent). */
  outbox: z.array(contactOutboxSchema),
});
export type ContactExport = z.infer<typeof contactExportSchema>;

export const contactErasureSchema = z.object({
  contact: contactRefSchema,
  erased: z.object({
    conversations: z.number(),
    messages: z.number(),
    calls: z.number(),
    scheduled_calls: z.number(),
    outbox: z.number(),
    mail_sends: z.number(),
    /** Do-not-call, opt-out and unsubscribe records kept as a keyed hash (never contacted again). */
    consent_records_hashed: z.number(),
  }),
});
export type ContactErasure = z.infer<typeof contactErasureSchema>;

// ---------- the audit log ----------

export const auditActorTypeValues = ['user', 'api_key', 'system'] as const;

export const auditActorSchema = z.object({
  type: z.enum(auditActorTypeValues),
  id: z.string().nullable(),
  email: z.string().nullable(),
});
export type AuditActor = z.infer<typeof auditActorSchema>;

/** One changed field; secrets are '••••' on both sides, never their values. */
export const auditChangeSchema = z.object({
  field: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditChange = z.infer<typeof auditChangeSchema>;

export const auditTargetSchema = z.object({ type: z.string(), id: z.string() });

export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  actor: auditActorSchema,
  action: z.string(),
  target: auditTargetSchema.nullable(),
  changes: z.array(auditChangeSchema),
  ip: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditLogQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  /** A user's id or e-mail address. */
  actor: z.string().max(320).optional(),
  /** An action ('agent.update') or a family of them ('agent'). */
  action: z.string().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
});
export type AuditLogQuery = z.infer<typeof auditLogQuerySchema>;

export const auditLogSchema = z.object({
  entries: z.array(auditEntrySchema),
  next_cursor: z.string().nullable(),
});
export type AuditLog = z.infer<typeof auditLogSchema>;

export const auditVerifySchema = z.object({
  ok: z.boolean(),
  /** How many entries were checked. */
  entries: z.number(),
  /** The first entry whose hash does not follow from the one before (null when ok). */
  broken: z.object({ id: z.string(), at: z.string(), reason: z.string() }).nullable(),
});
export type AuditVerify = z.infer<typeof auditVerifySchema>;

/** How a secret appears in an audit entry's changes. */
export const auditSecretMask = '••••';
