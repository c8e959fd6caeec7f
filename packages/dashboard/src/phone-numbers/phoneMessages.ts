import { ApiError, messageOf, phoneMessages } from '@parley/api-client';

/** The sync failure line (spec §8): the server's reason, or the generic texts. */
export function syncFailureMessage(error: unknown): string {
  if (error instanceof ApiError) {
    const reason = error.message;
    if (reason.startsWith(phoneMessages.syncFailed)) return reason;
    return reason ? `${phoneMessages.syncFailed}: ${reason}` : phoneMessages.syncFailed;
  }
  return phoneMessages.syncUnexpected;
}

export const assignFailureMessage = (error: unknown) =>
  phoneMessages.assignFailed(messageOf(error, 'Unknown error'));

export function unassignFailureMessage(error: unknown): string {
  const reason = messageOf(error, '');
  return reason ? phoneMessages.unassignFailed(reason) : phoneMessages.unassignUnexpected;
}
