import { z } from 'zod';

/**
 * Dify's chat-app service API beyond /chat-messages, which the runtime serves for our agents
 * (bearer agent key) under /v1: stop a task, conversations (list, rename, delete), messages
 * (paged), feedback. The requests' fields, as Dify names them.
 */

/** The end user's id in the caller's system (Dify's `user`). */
export const difyUserSchema = z
  .string({ error: 'user is required' })
  .trim()
  .min(1, 'user is required')
  .max(200, 'user must be at most 200 characters');

/** A conversation or message id. */
export const difyIdSchema = z.uuid({ error: 'must be a conversation or message id' });

/** A page's size (`limit`, 1–100). */
export const difyLimitSchema = z.coerce
  .number({ error: 'limit must be a number' })
  .int('limit must be a whole number')
  .min(1, 'limit must be between 1 and 100')
  .max(100, 'limit must be between 1 and 100');

/** POST /v1/chat-messages/{task_id}/stop */
export const difyStopRequestSchema = z.object({ user: difyUserSchema });

/** POST /v1/conversations/{id}/name */
export const difyRenameRequestSchema = z.object({
  name: z.string().trim().max(200, 'name must be at most 200 characters').optional(),
  auto_generate: z.boolean().nullish(),
  user: difyUserSchema,
});

/** DELETE /v1/conversations/{id} */
export const difyDeleteRequestSchema = z.object({ user: difyUserSchema });

/** POST /v1/messages/{id}/feedbacks */
export const difyFeedbackRequestSchema = z.object({
  rating: z.enum(['like', 'dislike'], { error: 'rating must be like, dislike or null' }).nullable(),
  user: difyUserSchema,
  content: z.string().max(2000, 'content must be at most 2000 characters').nullish(),
});
