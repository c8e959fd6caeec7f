import { useState } from 'react';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  messageOf,
  type AuditEntry,
  type ContactErasure,
  type ContactExport,
  type PrivacySettingsUpdate,
} from '@parley/api-client';
import { usePrivacyClient } from '../api/clients/privacy';

export const privacyKeys = {
  settings: (orgId: string) => ['privacy', orgId, 'settings'] as const,
  /** Every page of every filter of the audit log (prefix of `audit`). */
  audits: (orgId: string) => ['privacy', orgId, 'audit'] as const,
  audit: (orgId: string, action: string, actor: string) =>
    ['privacy', orgId, 'audit', action, actor] as const,
  purges: (orgId: string) => ['privacy', orgId, 'purges'] as const,
};

/** The organization's privacy settings and saving them. */
export function usePrivacySettings(orgId: string) {
  const client = usePrivacyClient();
  const qc = useQueryClient();
  const settings = useQuery({
    queryKey: privacyKeys.settings(orgId),
    queryFn: ({ signal }) => client.settings(orgId, signal),
    retry: false,
  });
  const save = useMutation({
    mutationFn: (body: PrivacySettingsUpdate) => client.updateSettings(orgId, body),
    onSuccess: (answer) => {
      qc.setQueryData(privacyKeys.settings(orgId), answer);
      void qc.invalidateQueries({ queryKey: privacyKeys.audits(orgId) });
    },
  });
  return { settings, save };
}

/** A person's data: look up (the export), download, erase. */
export function useContactData(orgId: string) {
  const client = usePrivacyClient();
  const qc = useQueryClient();
  const [found, setFound] = useState<ContactExport | null>(null);
  const [erased, setErased] = useState<ContactErasure | null>(null);
  const lookup = useMutation({
    mutationFn: (contact: string) => client.exportContact(orgId, contact),
    onMutate: () => {
      setFound(null);
      setErased(null);
    },
    onSuccess: (doc) => setFound(doc),
    onSettled: () => qc.invalidateQueries({ queryKey: privacyKeys.audits(orgId) }),
  });
  const erase = useMutation({
    mutationFn: (contact: string) => client.eraseContact(orgId, contact),
    onSuccess: (answer) => {
      setErased(answer);
      setFound(null);
    },
    onSettled: () => qc.invalidateQueries({ queryKey: privacyKeys.audits(orgId) }),
  });
  const error = lookup.error ?? erase.error;
  return { lookup, erase, found, erased, error: error ? messageOf(error) : null };
}

/** The audit log, page by page (newest first), with its filters; the chain's check. */
export function useAuditLog(
  orgId: string,
  filters: { action: string; actor: string },
  options: { enabled: boolean },
) {
  const client = usePrivacyClient();
  const query = {
    ...(filters.action ? { action: filters.action } : {}),
    ...(filters.actor.trim() ? { actor: filters.actor.trim() } : {}),
  };
  const pages = useInfiniteQuery({
    queryKey: privacyKeys.audit(orgId, filters.action, filters.actor.trim()),
    queryFn: ({ pageParam, signal }) =>
      client.auditLog(orgId, { ...query, ...(pageParam ? { cursor: pageParam } : {}) }, signal),
    initialPageParam: '',
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    retry: false,
    enabled: options.enabled,
  });
  const verify = useMutation({ mutationFn: () => client.verifyAuditLog(orgId) });
  /** Every entry for the filters (up to `max`), for the CSV download. */
  const all = async (max = 10_000): Promise<AuditEntry[]> => {
    const out: AuditEntry[] = [];
    let cursor: string | null = '';
    while (cursor !== null && out.length < max) {
      const page = await client.auditLog(orgId, {
        ...query,
        limit: 500,
        ...(cursor ? { cursor } : {}),
      });
      out.push(...page.entries);
      cursor = page.next_cursor;
    }
    return out;
  };
  return { pages, verify, all };
}

/** Purges: the latest (any member), a dry run and a purge asked for now (owners and admins). */
export function usePurges(orgId: string) {
  const client = usePrivacyClient();
  const qc = useQueryClient();
  const list = useQuery({
    queryKey: privacyKeys.purges(orgId),
    queryFn: ({ signal }) => client.purges(orgId, signal),
    retry: false,
  });
  const settle = () => {
    void qc.invalidateQueries({ queryKey: privacyKeys.purges(orgId) });
    void qc.invalidateQueries({ queryKey: privacyKeys.audits(orgId) });
  };
  const preview = useMutation({
    mutationFn: (days: number) => client.purge(orgId, { older_than: days, dry_run: true }),
    onSettled: settle,
  });
  const purge = useMutation({
    mutationFn: (days: number) => client.purge(orgId, { older_than: days }),
    onMutate: () => preview.reset(),
    onSettled: settle,
  });
  const error = preview.error ?? purge.error;
  return { list, preview, purge, error: error ? messageOf(error) : null };
}
