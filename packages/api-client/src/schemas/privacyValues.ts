// The values the privacy schemas share with the agent's settings (schemas/agentPrivacy.ts), in a
// module of their own: the agent's schemas (on every console page) need not load the privacy
// screens' schemas.

/** What is stored of a conversation's text: all of it, redacted, or none (lengths and timings only). */
export const storageModeValues = ['full', 'redacted', 'metadata_only'] as const;
export type StorageMode = (typeof storageModeValues)[number];

/** The kinds of personal data redaction replaces, each by its placeholder ([CARD], [PHONE] …). */
export const redactCategories = ['card', 'phone', 'email', 'iban', 'ssn', 'ip'] as const;
export type RedactCategory = (typeof redactCategories)[number];

/** Retention in days: at least 1, at most 100 years; null keeps everything. */
export const maxRetentionDays = 36500;
