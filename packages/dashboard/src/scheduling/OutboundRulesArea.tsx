import { useState } from 'react';
import { messageOf, plainMessageOf } from '@parley/api-client';
import { managerActions, managerOnlyReason } from '@parley/api-client';
import { DiallingSettingsPanel } from './DiallingSettingsPanel';
import { DoNotCallPanel } from './DoNotCallPanel';
import { diallingMessages } from './diallingRules';
import {
  useAddDoNotCall,
  useDoNotCall,
  useRemoveDoNotCall,
  useSaveSchedulingSettings,
  useSchedulingSettings,
} from './queries';
import * as styles from './scheduling.css';

/**
 * The Outbound tab's dialling rules: the calling window and the cap (owners and admins change
 * them; a member sees them with the reason) and the do-not-call list with the STOP opt-outs.
 */
export function OutboundRulesArea({ orgId, role }: { orgId: string; role?: string | null }) {
  const settings = useSchedulingSettings(orgId);
  const save = useSaveSchedulingSettings(orgId);
  const list = useDoNotCall(orgId);
  const add = useAddDoNotCall(orgId);
  const remove = useRemoveDoNotCall(orgId);
  const [listNotice, setListNotice] = useState<string | null>(null);
  const saved = settings.data
    ? {
        calling_window_start: settings.data.calling_window_start,
        calling_window_end: settings.data.calling_window_end,
        max_concurrent_calls: settings.data.max_concurrent_calls,
      }
    : null;
  return (
    <section className={styles.rules} aria-label="Dialling rules">
      <DiallingSettingsPanel
        settings={saved}
        loading={settings.isPending}
        loadError={settings.error ? plainMessageOf(settings.error) : null}
        saving={save.isPending}
        error={save.error ? messageOf(save.error) : null}
        saved={save.isSuccess ? diallingMessages.saved : null}
        onSave={(form) => save.mutate(form)}
        disabledReason={managerOnlyReason(role, managerActions.dialling)}
      />
      <DoNotCallPanel
        numbers={list.data?.numbers ?? []}
        optOuts={list.data?.opt_outs ?? []}
        loading={list.isPending}
        loadError={list.error ? plainMessageOf(list.error) : null}
        adding={add.isPending}
        removing={remove.isPending ? (remove.variables ?? null) : null}
        error={add.error ? messageOf(add.error) : remove.error ? messageOf(remove.error) : null}
        notice={listNotice}
        onAdd={(entry) => {
          setListNotice(null);
          remove.reset();
          add.mutate(entry, {
            onSuccess: () => setListNotice(diallingMessages.added(entry.phone_number)),
          });
        }}
        onRemove={(phone) => {
          setListNotice(null);
          add.reset();
          remove.mutate(phone, {
            onSuccess: () => setListNotice(diallingMessages.removed(phone)),
          });
        }}
        removeDisabledReason={managerOnlyReason(role, managerActions.removeDoNotCall)}
      />
    </section>
  );
}
