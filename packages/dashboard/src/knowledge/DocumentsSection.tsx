import { useState } from 'react';
import type { KnowledgeBase } from '@parley/api-client';
import { DocumentDetailView } from './DocumentDetailView';
import { DocumentListView } from './DocumentListView';
import { DeleteKnowledgeDialog } from './DeleteKnowledgeDialog';
import { ReindexDialog } from './ReindexDialog';
import { RetrievalTestPanel } from './RetrievalTestPanel';
import { UploadPanel } from './UploadPanel';
import { chunkSettingsFrom } from './chunkSettings';
import {
  crawlFailure,
  uploadReason,
  errorMessage,
  reindexFailed,
  reindexSucceeded,
  warningOf,
  type Notice,
} from './knowledgeErrors';
import type { AddDocumentInput } from './uploadRules';
import {
  useAddDocument,
  useDeleteDocument,
  useDocuments,
  useReindexDocument,
  useSegments,
  useSetDocumentEnabled,
  useSetSegmentEnabled,
  useTestRetrieval,
} from './queries';
import * as styles from './knowledge.css';

export interface DocumentsSectionProps {
  base: KnowledgeBase;
}

/** Container: upload, document list (live while indexing), detail with segments, reindex, retrieval test. */
export function DocumentsSection({ base }: DocumentsSectionProps) {
  const documents = useDocuments(base.id);
  const add = useAddDocument(base.id);
  const toggle = useSetDocumentEnabled(base.id);
  const remove = useDeleteDocument(base.id);
  const reindex = useReindexDocument(base.id);
  const retrieval = useTestRetrieval(base.id);
  const [openId, setOpenId] = useState<string | null>(null);
  const [deleteId, setDeleteId] = useState<string | null>(null);
  const [reindexId, setReindexId] = useState<string | null>(null);
  const [reindexOutcome, setReindexOutcome] = useState<Notice | null>(null);
  const [uploadNotice, setUploadNotice] = useState<Notice | null>(null);
  const [lastQuery, setLastQuery] = useState('');

  const docs = documents.data ?? [];
  const byId = (id: string | null) => (id ? (docs.find((d) => d.id === id) ?? null) : null);
  const openDoc = byId(openId);
  const deleteDoc = byId(deleteId);
  const reindexDoc = byId(reindexId);
  const segments = useSegments(base.id, openDoc?.id ?? null, openDoc?.status === 'indexing');
  const setSegment = useSetSegmentEnabled(base.id, openDoc?.id ?? '');
  const baseSettings = chunkSettingsFrom(base.chunkSettings);

  const upload = async (input: AddDocumentInput) => {
    setUploadNotice(null);
    try {
      const doc = await add.mutateAsync(input);
      const warning = warningOf(doc);
      setUploadNotice(
        warning
          ? {
              tone: 'warning',
              title: `"${doc.name}" added. Indexing has started.`,
              message: warning,
            }
          : { tone: 'success', title: `"${doc.name}" added. Indexing has started.` },
      );
      return true;
    } catch (error) {
      setUploadNotice(
        input.mode === 'url'
          ? crawlFailure(error)
          : { tone: 'error', title: 'Failed to add document', message: uploadReason(error) },
      );
      return false;
    }
  };

  const openReindex = (docId: string) => {
    reindex.reset();
    setReindexOutcome(null);
    setReindexId(docId);
  };

  return (
    <div className={styles.stack}>
      {openDoc ? (
        <DocumentDetailView
          document={openDoc}
          segments={segments.data ?? []}
          loading={segments.isPending}
          error={segments.error ? errorMessage(segments.error) : null}
          onRetry={() => void segments.refetch()}
          onBack={() => setOpenId(null)}
          onReindex={() => openReindex(openDoc.id)}
          onToggleSegment={(segId, enabled) => setSegment.mutate({ itemId: segId, enabled })}
        />
      ) : (
        <>
          <UploadPanel
            key={base.id}
            defaultIndexingTechnique={base.indexingTechnique}
            defaultChunkSettings={baseSettings}
            busy={add.isPending}
            progress={add.progress}
            notice={uploadNotice}
            onDismissNotice={() => setUploadNotice(null)}
            onUpload={upload}
          />
          <DocumentListView
            documents={docs}
            knowledgeBaseName={base.name}
            loading={documents.isPending}
            error={documents.error ? errorMessage(documents.error) : null}
            onRetry={() => void documents.refetch()}
            onOpen={setOpenId}
            onToggle={(docId, enabled) => toggle.mutate({ itemId: docId, enabled })}
            onReindex={openReindex}
            onDelete={setDeleteId}
          />
        </>
      )}
      <RetrievalTestPanel
        busy={retrieval.isPending}
        error={retrieval.error ? errorMessage(retrieval.error) : null}
        records={retrieval.data?.records ?? null}
        lastQuery={lastQuery}
        onTest={(query) => {
          setLastQuery(query);
          retrieval.mutate(query);
        }}
      />
      {deleteDoc ? (
        <DeleteKnowledgeDialog
          open
          target="document"
          name={deleteDoc.name}
          busy={remove.isPending}
          onOpenChange={(open) => !open && !remove.isPending && setDeleteId(null)}
          onConfirm={() =>
            remove.mutate(deleteDoc.id, {
              onSettled: () => {
                if (openId === deleteDoc.id) setOpenId(null);
                setDeleteId(null);
              },
            })
          }
        />
      ) : null}
      {reindexDoc ? (
        <ReindexDialog
          open
          documentName={reindexDoc.name}
          initialSettings={chunkSettingsFrom(reindexDoc.chunkSettings ?? base.chunkSettings)}
          busy={reindex.isPending}
          outcome={reindexOutcome}
          onOpenChange={(open) => !open && setReindexId(null)}
          onReindex={(chunkSettings) =>
            reindex.mutate(
              { docId: reindexDoc.id, chunkSettings },
              {
                onSuccess: (answer) => setReindexOutcome(reindexSucceeded(answer)),
                onError: (error) => setReindexOutcome(reindexFailed(error)),
              },
            )
          }
        />
      ) : null}
    </div>
  );
}
