import { useMemo, useState } from 'react';
import { plainMessageOf } from '@parley/api-client';
import { VersionsPanel } from './VersionsPanel';
import { UnpublishedChangesStrip } from './UnpublishedChangesStrip';
import { versionChanges } from './changeFormat';
import {
  useAgentDraft,
  useAgentVersion,
  useAgentVersions,
  useDiscardDraft,
  useRestoreVersion,
} from './queries';
import { versionTexts as texts } from './versionTexts';

/** The Versions section of an agent: its versions, a version against live, Restore. */
export default function VersionsArea({ orgId, agentId }: { orgId: string; agentId: string }) {
  const list = useAgentVersions(orgId, agentId);
  const [compared, setCompared] = useState<number | null>(null);
  const live = list.data?.live_version ?? null;
  const liveDetail = useAgentVersion(orgId, agentId, compared !== null ? live : null);
  const other = useAgentVersion(orgId, agentId, compared);
  const restore = useRestoreVersion(orgId, agentId);
  const changes = useMemo(
    () => (liveDetail.data && other.data ? versionChanges(liveDetail.data, other.data) : null),
    [liveDetail.data, other.data],
  );
  const failed = liveDetail.error ?? other.error;
  return (
    <VersionsPanel
      versions={list.data?.versions ?? []}
      liveVersion={live}
      loading={list.isPending}
      error={list.error ? plainMessageOf(list.error) : null}
      onRetry={() => void list.refetch()}
      compared={compared}
      onCompare={setCompared}
      comparison={{
        loading: liveDetail.isFetching || other.isFetching,
        error: failed ? plainMessageOf(failed) : null,
        changes,
      }}
      onRestore={(version) => {
        setCompared(null);
        restore.mutate(version);
      }}
      restoring={restore.isPending ? (restore.variables ?? null) : null}
      restoreError={restore.error ? plainMessageOf(restore.error) : null}
      restored={
        restore.data ? texts.restored(restore.data.version, restore.data.restored_from) : null
      }
    />
  );
}

/** The 'Unpublished changes' strip of an agent, with Discard. */
export function UnpublishedChangesArea({ orgId, agentId }: { orgId: string; agentId: string }) {
  const draft = useAgentDraft(orgId, agentId);
  const discard = useDiscardDraft(orgId, agentId);
  const [confirming, setConfirming] = useState(false);
  if (!draft.data) return null;
  return (
    <UnpublishedChangesStrip
      liveVersion={draft.data.live_version}
      changes={draft.data.changes}
      onDiscard={() =>
        discard.mutate(undefined, {
          onSuccess: () => setConfirming(false),
          onError: () => setConfirming(false),
        })
      }
      discarding={discard.isPending}
      error={discard.error ? plainMessageOf(discard.error) : null}
      confirming={confirming}
      onConfirmingChange={setConfirming}
    />
  );
}
