import { z } from 'zod';

/** `{ success, message }` — the spec's common result shape. */
export const resultSchema = z.object({
  success: z.boolean().optional(),
  message: z.string().optional(),
  error: z.string().optional(),
});
export type Result = z.infer<typeof resultSchema>;

/** Any JSON answer (for calls whose answer shape the spec does not show). */
export const anyAnswerSchema = z.unknown();

/** The 400 answer our server gives for bad input: the first problem as '<field>: <reason>'. */
export const validationErrorSchema = z.object({
  success: z.literal(false),
  error: z.string(),
  issues: z.array(z.object({ field: z.string(), message: z.string() })),
});
export type ValidationError = z.infer<typeof validationErrorSchema>;

/** Turns zod issues into the server's 400 body: each issue names its field and reason. */
export function toValidationError(error: z.ZodError): ValidationError {
  const issues = error.issues.map((issue) => ({
    field: issue.path.length ? issue.path.map(String).join('.') : 'body',
    message: issue.message,
  }));
  const first = issues[0] ?? { field: 'body', message: 'Invalid input' };
  return { success: false, error: `${first.field}: ${first.message}`, issues };
}

export const uuidSchema = z.uuid();

/** E.164-like phone number from the spec: '+', a nonzero digit, then 1 to 14 more digits. */
export const phonePattern = /^\+[1-9]\d{1,14}$/;

/** The longest message text each channel carries (Twilio SMS: 1600; WhatsApp Cloud text: 4096). */
export const messageTextLimits = { sms: 1600, whatsapp: 4096 } as const;
export const phoneFormatMessage = 'Please enter a valid phone number (e.g., +1234567890)';
export const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const emailFormatMessage = 'Please enter a valid email address';

/**
 * Control characters other than tab, line feed and carriage return (NUL, ESC, DEL, C1 …):
 * never part of a message a person writes, refused by PostgreSQL (NUL) or invisible mischief.
 */
export const controlCharacters = /(?![\t\n\r])\p{Cc}/u;
export const controlCharactersMessage =
  'must not contain control characters (such as NUL); only tabs and line breaks are allowed';
/** The text with those control characters removed (inbound messages are stored this way). */
export const withoutControlCharacters = (text: string) =>
  text.replace(new RegExp(controlCharacters.source, 'gu'), '');

/** Which version of an agent answered: a published version's number, or 'draft' (docs/versions.md). */
export const agentVersionLabelSchema = z.union([z.number().int().positive(), z.literal('draft')]);
export type AgentVersionLabel = z.infer<typeof agentVersionLabelSchema>;
