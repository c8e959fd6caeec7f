import { useState } from 'react';
import { Spinner } from '@parley/ui';
import { ApiKeysSection } from './ApiKeysSection';
import { CreateKnowledgeBasePanel } from './CreateKnowledgeBasePanel';
import { DeleteKnowledgeDialog } from './DeleteKnowledgeDialog';
import { DocumentsSection } from './DocumentsSection';
import { KnowledgeBaseScreen } from './KnowledgeBaseScreen';
import { KnowledgeListView } from './KnowledgeListView';
import {
  createErrorMessage,
  listErrorMessage,
  sessionMessage,
  warningOf,
  type KnowledgeSession,
  type Notice,
} from './knowledgeErrors';
import { effectiveSection, type KnowledgeSection } from './knowledgeSections';
import {
  useCreateKnowledgeBase,
  useDeleteKnowledgeBase,
  useKnowledgeBases,
  useTeamMembers,
} from './queries';
import { messageOf } from '@parley/api-client';
import * as styles from './knowledge.css';

export interface KnowledgeBaseTabProps {
  /** The organization whose bases are listed and created. */
  orgId: string;
  /** The selected knowledge base (kept in the URL by the caller); null for none. */
  selectedId: string | null | undefined;
  /**
   * Selects a base (after a click or a creation) or clears the selection (null, after a delete).
   * Selecting opens its Documents section: a caller that keeps the section should open it too
   * (one update, so a URL-keeping caller does not race two navigations).
   */
  onSelect: (id: string | null) => void;
  /** The open section, when the caller keeps it too (e.g. in the URL); otherwise kept here. */
  section?: KnowledgeSection;
  onSectionChange?: (section: KnowledgeSection) => void;
  /** 'signed-out' and 'no-token' show the spec's messages and make no calls. Default 'active'. */
  session?: KnowledgeSession;
  /** Origin shown in the API-key endpoint hint (default: this page's origin). */
  origin?: string;
}

/**
 * Container for the dashboard's Knowledge Base tab (spec §2): list with search, create, and for
 * the selected base its documents (upload, list, segments, reindex, retrieval test) and API keys.
 */
export function KnowledgeBaseTab({
  orgId,
  selectedId,
  onSelect,
  section: controlledSection,
  onSectionChange,
  session = 'active',
  origin = globalThis.location?.origin ?? '',
}: KnowledgeBaseTabProps) {
  const blocked = sessionMessage(session);
  const list = useKnowledgeBases(orgId, !blocked);
  const create = useCreateKnowledgeBase(orgId);
  const remove = useDeleteKnowledgeBase();
  const [ownSection, setOwnSection] = useState<KnowledgeSection>(selectedId ? 'documents' : 'list');
  const [query, setQuery] = useState('');
  const [deleteId, setDeleteId] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [createKey, setCreateKey] = useState(0);
  // The base just created, while the view switches to its documents: the create form is gone
  // from that moment, so no keystroke can land in a form about to disappear.
  const [openingId, setOpeningId] = useState<string | null>(null);
  // The partial_members picker's members: asked once that permission is chosen.
  const [wantsMembers, setWantsMembers] = useState(false);
  const team = useTeamMembers(orgId, wantsMembers);

  const bases = list.data ?? [];
  const selected = selectedId ? (bases.find((b) => b.id === selectedId) ?? null) : null;
  const missing = Boolean(selectedId) && list.isSuccess && !selected;
  // While the list loads, a selection from the URL keeps its section (a spinner stands in).
  const hasSelection = Boolean(selected) || (Boolean(selectedId) && list.isPending && !blocked);
  const section = effectiveSection(controlledSection ?? ownSection, hasSelection);
  const setSection = (next: KnowledgeSection) => {
    if (next === 'create') setOpeningId(null);
    setOwnSection(next);
    onSectionChange?.(next);
  };
  const deleting = deleteId ? (bases.find((b) => b.id === deleteId) ?? null) : null;

  const select = (id: string) => {
    setOwnSection('documents');
    onSelect(id);
  };

  let content;
  if (section === 'create' && openingId) {
    content = (
      <div className={styles.stateBox}>
        <Spinner label="Opening knowledge base..." showLabel />
      </div>
    );
  } else if (section === 'create') {
    content = (
      <CreateKnowledgeBasePanel
        key={createKey}
        busy={create.isPending}
        error={create.error ? createErrorMessage(create.error) : null}
        members={team.data?.members}
        membersError={team.error ? messageOf(team.error) : null}
        currentUserId={team.data?.userId}
        onPermissionChange={(p) => setWantsMembers(p === 'partial_members')}
        onCancel={() => setSection('list')}
        onCreate={(request) =>
          create.mutate(request, {
            onSuccess: (base) => {
              const warning = warningOf(base);
              const title = `Knowledge base "${base.name}" created.`;
              setNotice(
                warning ? { tone: 'warning', title, message: warning } : { tone: 'success', title },
              );
              setCreateKey((k) => k + 1);
              setOpeningId(base.id);
              select(base.id);
            },
          })
        }
      />
    );
  } else if (section !== 'list' && !selected) {
    content = (
      <div className={styles.stateBox}>
        <Spinner label="Loading knowledge base..." showLabel />
      </div>
    );
  } else if (section === 'documents' && selected) {
    content = <DocumentsSection key={selected.id} base={selected} />;
  } else if (section === 'api-keys' && selected) {
    content = <ApiKeysSection key={selected.id} base={selected} origin={origin} />;
  } else {
    content = (
      <KnowledgeListView
        bases={bases}
        query={query}
        onQueryChange={setQuery}
        loading={list.isLoading}
        error={list.error ? listErrorMessage(list.error) : null}
        onRetry={() => void list.refetch()}
        selectedId={selected?.id ?? null}
        onSelect={select}
        onDelete={setDeleteId}
        onCreate={() => {
          create.reset();
          setSection('create');
        }}
      />
    );
  }

  return (
    <>
      <KnowledgeBaseScreen
        section={section}
        onSectionChange={setSection}
        hasSelection={hasSelection}
        selected={selected}
        blocked={blocked}
        notice={
          notice ??
          (missing
            ? {
                tone: 'warning',
                title: 'The selected knowledge base was not found.',
                message: 'It may have been deleted. Choose another one from the list.',
              }
            : null)
        }
        onDismissNotice={() => {
          setNotice(null);
          if (missing) onSelect(null);
        }}
      >
        {content}
      </KnowledgeBaseScreen>
      {deleting ? (
        <DeleteKnowledgeDialog
          open
          target="base"
          name={deleting.name}
          busy={remove.isPending}
          onOpenChange={(open) => !open && !remove.isPending && setDeleteId(null)}
          onConfirm={() =>
            remove.mutate(deleting.id, {
              onSuccess: () => {
                if (deleting.id === selectedId) onSelect(null);
              },
              // The spec only logs a failed delete.
              onError: (error) => console.error('Failed to delete knowledge base', error),
              onSettled: () => setDeleteId(null),
            })
          }
        />
      ) : null}
    </>
  );
}
