import { createHttp, type HttpOptions } from '../http';
import { waitingListSchema } from '../schemas/conversations';
import {
  businessHoursSchema,
  memberNotificationsSchema,
  memberProfileSchema,
  type BusinessHoursInput,
} from '../schemas/handoff';

/**
 * Handoff to people (default base '/api', the session's cookie): the organization's business
 * hours, the waiting list, and a member's own phone number and e-mail alerts.
 */
export function createHandoffClient(options: HttpOptions) {
  const http = createHttp(options);
  const enc = encodeURIComponent;
  return {
    businessHours: (orgId: string, signal?: AbortSignal) =>
      http('GET', `/org/${enc(orgId)}/business-hours`, { schema: businessHoursSchema, signal }),
    saveBusinessHours: (orgId: string, hours: BusinessHoursInput) =>
      http('PUT', `/org/${enc(orgId)}/business-hours`, {
        json: hours,
        schema: businessHoursSchema,
      }),
    /** The conversations waiting for a person now, the longest waiting first, and their count. */
    waiting: (orgId: string, signal?: AbortSignal) =>
      http('GET', '/conversations/waiting', {
        query: { organization_id: orgId },
        schema: waitingListSchema,
        signal,
      }),
    notifications: (orgId: string, signal?: AbortSignal) =>
      http('GET', `/org/${enc(orgId)}/notifications`, {
        schema: memberNotificationsSchema,
        signal,
      }),
    saveNotifications: (orgId: string, handoffEmail: boolean) =>
      http('PUT', `/org/${enc(orgId)}/notifications`, {
        json: { handoff_email: handoffEmail },
        schema: memberNotificationsSchema,
      }),
    profile: (signal?: AbortSignal) =>
      http('GET', '/account/profile', { schema: memberProfileSchema, signal }),
    saveProfile: (phoneNumber: string | null) =>
      http('PUT', '/account/profile', {
        json: { phone_number: phoneNumber },
        schema: memberProfileSchema,
      }),
  };
}
export type HandoffClient = ReturnType<typeof createHandoffClient>;
