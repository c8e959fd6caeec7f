import { z } from 'zod';
import { redactCategories, storageModeValues } from './privacyValues';

// An agent's own privacy settings (issue 42, docs/privacy.md): versioned like its other settings
// (docs/versions.md), edited in the agent's Privacy section.

/** The longest disclosure line (it is said before the call's first words, or sent before a reply). */
export const disclosureMaxLength = 500;

/** The agent's storage mode; null: the organization's (Account → Privacy). */
export const agentStorageModeSchema = z
  .enum(storageModeValues, {
    error: `must be one of ${storageModeValues.join(', ')}, or null (the organization's)`,
  })
  .nullable();

/** The kinds the agent's redaction replaces; null: the organization's. */
export const agentRedactCategoriesSchema = z
  .array(z.enum(redactCategories, { error: `must be one of ${redactCategories.join(', ')}` }), {
    error: "must be a list of kinds or null (the organization's)",
  })
  .max(redactCategories.length)
  .refine((list) => new Set(list).size === list.length, 'must not repeat a category')
  .nullable();

/**
 * The disclosure line: said first on a call (before the initial message), sent first on SMS,
 * WhatsApp and e-mail (with the first reply of a conversation). Empty or null: none.
 */
export const disclosureSchema = z
  .string({ error: 'must be text or null' })
  .max(disclosureMaxLength, `must be at most ${disclosureMaxLength} characters`)
  .nullable();

/** An example disclosure (the editor's placeholder). */
export const disclosureExample = 'You are talking with an AI assistant; this call is transcribed.';

/**
 * Asked after the disclosure when the agent asks for consent to transcribe a call: the caller's
 * answer decides whether anything of the call is stored.
 */
export const consentQuestion = 'May this call be transcribed? Please say yes or no.';
/** Said when the caller refuses: the call goes on, and nothing of it is stored. */
export const consentRefusedLine = 'Understood: nothing of this call will be recorded.';
/** Said when the caller agrees. */
export const consentGivenLine = 'Thank you.';
/** Said when the answer was neither yes nor no (asked once more, then taken as a no). */
export const consentAgainLine =
  'Sorry, I did not catch that. May this call be transcribed: yes or no?';

/** Whether a call asks for consent and whether it was given, on the call's conversation metadata. */
export const transcriptionConsentValues = ['asked', 'given', 'refused'] as const;
export type TranscriptionConsentState = (typeof transcriptionConsentValues)[number];
