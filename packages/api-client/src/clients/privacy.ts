import { createHttp, joinUrl, type HttpOptions } from '../http';
import {
  auditLogSchema,
  auditVerifySchema,
  contactErasureSchema,
  contactExportSchema,
  privacySettingsSchema,
  type AuditLogQuery,
  type PrivacySettingsUpdate,
} from '../schemas/privacy';
import { purgeListSchema, purgeResponseSchema, type PurgeRequest } from '../schemas/purge';

/** Privacy settings, a person's data and the audit log (default base '/api'): session-authorised. */
export function createPrivacyClient(options: HttpOptions) {
  const http = createHttp(options);
  const enc = encodeURIComponent;
  const org = (orgId: string) => `/org/${enc(orgId)}`;
  return {
    settings: (orgId: string, signal?: AbortSignal) =>
      http('GET', `${org(orgId)}/privacy`, { schema: privacySettingsSchema, signal }),
    updateSettings: (orgId: string, body: PrivacySettingsUpdate) =>
      http('PUT', `${org(orgId)}/privacy`, { json: body, schema: privacySettingsSchema }),
    exportContact: (orgId: string, contact: string, signal?: AbortSignal) =>
      http('GET', `${org(orgId)}/contacts/${enc(contact)}/export`, {
        schema: contactExportSchema,
        signal,
      }),
    eraseContact: (orgId: string, contact: string) =>
      http('DELETE', `${org(orgId)}/contacts/${enc(contact)}`, { schema: contactErasureSchema }),
    auditLog: (orgId: string, query: AuditLogQuery = {}, signal?: AbortSignal) =>
      http('GET', `${org(orgId)}/audit-log`, {
        query: { ...query },
        schema: auditLogSchema,
        signal,
      }),
    verifyAuditLog: (orgId: string, signal?: AbortSignal) =>
      http('GET', `${org(orgId)}/audit-log/verify`, { schema: auditVerifySchema, signal }),
    /** Removes (or, `dry_run`, counts) the organization's data older than `older_than`. */
    purge: (orgId: string, body: PurgeRequest) =>
      http('POST', `${org(orgId)}/privacy/purge`, { json: body, schema: purgeResponseSchema }),
    purges: (orgId: string, signal?: AbortSignal) =>
      http('GET', `${org(orgId)}/privacy/purges`, { schema: purgeListSchema, signal }),
    /** The export's address (a download link). */
    exportContactUrl: (orgId: string, contact: string) =>
      joinUrl(options.baseUrl, `${org(orgId)}/contacts/${enc(contact)}/export`),
  };
}
export type PrivacyClient = ReturnType<typeof createPrivacyClient>;
