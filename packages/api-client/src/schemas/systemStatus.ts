import { z } from 'zod';

/**
 * GET /api/system-status/{org}: what is really configured for the organization (issue 29, the
 * Overview's System Status panel). Names and counts only: no key, secret or address in it.
 */
export const systemStatusSchema = z.object({
  organization_id: z.string(),
  model_keys: z.object({
    /** A model provider's key is there: the install's (serving this organization), its own, or an agent's. */
    configured: z.boolean(),
    /** Providers with a key the organization's agents draw on (the install's and Integrations'). */
    providers: z.array(z.string()),
    /** The organization's agents that carry their own model key. */
    agents_with_own_key: z.number().int(),
  }),
  /** LIVEKIT_URL, LIVEKIT_API_KEY and LIVEKIT_API_SECRET are set on the server (voice calls). */
  livekit: z.object({ configured: z.boolean() }),
  /**
   * Whether the organization's agents can take voice calls here ('Talk to Agent', the voice
   * widget): through LiveKit, or without it through the server's own WebSocket transport (the
   * voice worker installed, and speech: the local tools or provider keys). `reason` says what
   * to install or configure when not.
   */
  voice: z.object({ available: z.boolean(), reason: z.string().optional() }),
  telephony: z.object({
    /** A real provider answers (not the sandbox). */
    configured: z.boolean(),
    provider: z.string(),
    /** Where its credentials come from: the organization's integration, the server's env, none. */
    credentials: z.enum(['organization', 'server', 'none']),
  }),
  mail: z.object({
    /** A mailbox has its own mail servers (SMTP or IMAP): mail leaves and arrives for real. */
    configured: z.boolean(),
    mailboxes: z.number().int(),
    mailboxes_with_servers: z.number().int(),
    /** The install's mailer (PARLEY_SMTP_URL): invitations are e-mailed. */
    install_mailer: z.boolean(),
  }),
});
export type SystemStatus = z.infer<typeof systemStatusSchema>;
