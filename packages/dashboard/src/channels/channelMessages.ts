import { ApiError, messageOf, sendFailedMessage } from '@parley/api-client';

/**
 * A send failure in the spec's words (§8): '{base}: {reason}', 'Unknown error' as the fallback.
 * The server's own sentence is used as the reason (e.g. WhatsApp's 24-hour window), not the
 * raw status line, and a reason already carrying the base is shown as is.
 */
export function sendFailureText(base: string, error: unknown): string {
  let reason = messageOf(error, '');
  if (error instanceof ApiError && error.body && typeof error.body === 'object') {
    const said = (error.body as Record<string, unknown>).error;
    if (typeof said === 'string' && said.trim()) reason = said;
  }
  if (reason.startsWith(base)) return reason;
  return sendFailedMessage(base, reason);
}

/** Channel-table failures (spec §8), shown in a banner rather than a browser alert. */
export const channelAssignFailed = (error: unknown) =>
  `Failed to assign agent: ${sendReason(error)}`;
export const channelUnassignFailed = (error: unknown) =>
  `Failed to unassign agent: ${sendReason(error)}`;

function sendReason(error: unknown): string {
  if (error instanceof ApiError && error.body && typeof error.body === 'object') {
    const body = error.body as Record<string, unknown>;
    for (const k of ['error', 'detail', 'message']) {
      const v = body[k];
      if (typeof v === 'string' && v.trim()) return v;
    }
  }
  return messageOf(error, 'Unknown error');
}
