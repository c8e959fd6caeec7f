import { z } from 'zod';
import { agentKindSchema, agentNameSchema } from './agents';

/** App service: create the remote app for an agent (createDifyAgent-style). */
export const createAppRequestSchema = z.object({
  agentName: agentNameSchema,
  organizationId: z.string().min(1, 'organizationId is required'),
  modelProvider: z.string().default('langgenius/openai/openai'),
  modelName: z.string().default('gpt-4o'),
  agentType: agentKindSchema.default('knowledge'),
});
export type CreateAppRequest = z.input<typeof createAppRequestSchema>;

/** App keys start with 'app-'; app ids are UUIDs. */
export const appKeySchema = z.string().regex(/^app-[A-Za-z0-9]+$/, 'appKey must start with app-');

export const createAppResponseSchema = z.object({
  success: z.boolean(),
  error: z.string().optional(),
  details: z.unknown().optional(),
  data: z.object({ appKey: appKeySchema, appId: z.uuid() }).optional(),
});
export type CreateAppResponse = z.infer<typeof createAppResponseSchema>;

export const deleteAppRequestSchema = z.object({
  agentName: agentNameSchema,
  organizationId: z.string().min(1, 'organizationId is required'),
});
export const deleteAppResponseSchema = z.object({
  success: z.boolean(),
  error: z.string().optional(),
  details: z.unknown().optional(),
});

export const getAppByKeyRequestSchema = z.object({
  apiKey: z.string().min(1, 'apiKey is required'),
});
export const getAppByKeyResponseSchema = z.object({ appId: z.uuid() });

export const isUuid = (value: string): boolean => z.uuid().safeParse(value).success;
