import { useState } from 'react';
import { hasOrgRole, managerRoles, messageOf } from '@parley/api-client';
import { AuditLogPanel } from './AuditLogPanel';
import { ContactLookupPanel } from './ContactLookupPanel';
import { PrivacySettingsPanel } from './PrivacySettingsPanel';
import { PurgePanel } from './PurgePanel';
import { auditCsv, exportFileName } from './privacyRules';
import { useAuditLog, useContactData, usePrivacySettings, usePurges } from './queries';

export interface PrivacyAreaProps {
  orgId: string;
  /** The signed-in user's role in the organization. */
  role: string | null | undefined;
}

/** Offers a file to the browser's downloads (the export and the CSV are made from loaded data). */
function download(name: string, type: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Container: privacy settings, a person's data and the audit log through TanStack Query. */
export function PrivacyArea({ orgId, role }: PrivacyAreaProps) {
  const canManage = hasOrgRole(role, managerRoles);
  const { settings, save } = usePrivacySettings(orgId);
  const contacts = useContactData(orgId);
  const purges = usePurges(orgId);
  const [filters, setFilters] = useState({ action: '', actor: '' });
  const audit = useAuditLog(orgId, filters, { enabled: canManage });
  const [exporting, setExporting] = useState(false);
  const entries = canManage ? (audit.pages.data?.pages.flatMap((p) => p.entries) ?? []) : [];
  return (
    <>
      <PrivacySettingsPanel
        settings={settings.data ?? null}
        loading={settings.isPending}
        error={settings.error ? messageOf(settings.error) : null}
        onRetry={() => void settings.refetch()}
        canManage={canManage}
        saving={save.isPending}
        saveError={save.error ? messageOf(save.error) : null}
        saved={save.isSuccess}
        onSave={(body) => save.mutate(body)}
      />
      <PurgePanel
        canManage={canManage}
        retentionDays={settings.data?.retention_days ?? null}
        preview={purges.preview.data ?? null}
        result={purges.purge.data ?? null}
        purges={purges.list.data?.purges ?? []}
        previewing={purges.preview.isPending}
        purging={purges.purge.isPending}
        error={purges.error}
        onPreview={(days) => purges.preview.mutate(days)}
        onPurge={(days) => purges.purge.mutate(days)}
      />
      <ContactLookupPanel
        canManage={canManage}
        found={contacts.found}
        erased={contacts.erased}
        looking={contacts.lookup.isPending}
        erasing={contacts.erase.isPending}
        error={contacts.error}
        onLookup={(contact) => contacts.lookup.mutate(contact)}
        onDownload={(doc) =>
          download(exportFileName(doc), 'application/json', JSON.stringify(doc, null, 2))
        }
        onErase={(contact) => contacts.erase.mutate(contact)}
      />
      <AuditLogPanel
        canRead={canManage}
        entries={entries}
        loading={canManage && audit.pages.isPending}
        error={audit.pages.error ? messageOf(audit.pages.error) : null}
        onRetry={() => void audit.pages.refetch()}
        action={filters.action}
        actor={filters.actor}
        onActionChange={(action) => setFilters({ ...filters, action })}
        onActorChange={(actor) => setFilters({ ...filters, actor })}
        hasMore={audit.pages.hasNextPage}
        loadingMore={audit.pages.isFetchingNextPage}
        onLoadMore={() => void audit.pages.fetchNextPage()}
        exporting={exporting}
        onExportCsv={() => {
          setExporting(true);
          void audit
            .all()
            .then((all) =>
              download(
                `audit-log-${new Date().toISOString().slice(0, 10)}.csv`,
                'text/csv',
                auditCsv(all),
              ),
            )
            .finally(() => setExporting(false));
        }}
        verifying={audit.verify.isPending}
        verified={audit.verify.data ?? null}
        onVerify={() => audit.verify.mutate()}
      />
    </>
  );
}
