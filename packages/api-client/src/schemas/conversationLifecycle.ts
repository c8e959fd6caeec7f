import { z } from 'zod';

/**
 * When a conversation ends (issue 40): a call when it hangs up; a chat, SMS, WhatsApp or e-mail
 * conversation after PARLEY_CONVERSATION_IDLE_SECONDS without a message, or when a member closes
 * it. A later message reopens it.
 */

/** POST /api/conversations/{id}/close: the conversation as it now is. */
export const conversationCloseResponseSchema = z.object({
  success: z.literal(true),
  conversation: z.object({
    id: z.string(),
    status: z.string(),
    ended_at: z.string().nullable(),
    ended_by: z.string().nullable(),
  }),
});
export type ConversationCloseResponse = z.infer<typeof conversationCloseResponseSchema>;
