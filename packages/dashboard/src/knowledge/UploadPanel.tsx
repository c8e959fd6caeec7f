import { useId, useState, type FormEvent } from 'react';
import {
  Banner,
  Button,
  Card,
  FileDropzone,
  Select,
  Tabs,
  TextArea,
  TextField,
  formatBytes,
} from '@parley/ui';
import type { IndexingTechnique } from '@parley/api-client';
import { ChunkSettingsFields } from './ChunkSettingsFields';
import { hasErrors, validateChunkSettings, type ChunkSettings } from './chunkSettings';
import { indexingTechniqueOptions } from './createKnowledgeForm';
import { noticeClearMs, type Notice } from './knowledgeErrors';
import {
  acceptedFileTypes,
  canUpload,
  fileUploadName,
  maxUploadBytes,
  nameAfterFilePicked,
  uploadModes,
  urlFieldError,
  urlUploadName,
  type AddDocumentInput,
  type UploadMode,
} from './uploadRules';
import * as styles from './knowledge.css';

export interface UploadPanelInitialState {
  mode?: UploadMode;
  name?: string;
  content?: string;
  url?: string;
  file?: File | null;
}

export interface UploadPanelProps {
  /** The base's indexing technique and chunk settings, used unless changed here. */
  defaultIndexingTechnique: string;
  defaultChunkSettings: ChunkSettings;
  busy?: boolean;
  /** Whole percent of a file upload sent so far (null when not uploading a file). */
  progress?: number | null;
  /** The last upload's outcome: failure, 'Failed to crawl URL:', 'Configuration Required', warning. */
  notice?: Notice | null;
  onDismissNotice?: () => void;
  /** Resolves true when the document was added (the form then clears). */
  onUpload: (input: AddDocumentInput) => Promise<boolean> | boolean;
  /** Starting state (stories). */
  initialState?: UploadPanelInitialState;
}

const submitLabels = {
  text: { idle: 'Add Text', busy: 'Adding...' },
  file: { idle: 'Upload File', busy: 'Uploading...' },
  url: { idle: 'Import URL', busy: 'Importing...' },
} as const satisfies Record<UploadMode, { idle: string; busy: string }>;

/**
 * Adds documents in three modes (spec §2): Text Content (name and content), File Upload (drag
 * and drop or pick a pdf, doc, docx or txt; the name defaults to the file's name) and From URL
 * (the name is optional). Indexing technique and chunk settings start from the base's.
 */
const emptyNames: Record<UploadMode, string> = { text: '', file: '', url: '' };

export function UploadPanel({
  defaultIndexingTechnique,
  defaultChunkSettings,
  busy = false,
  progress = null,
  notice,
  onDismissNotice,
  onUpload,
  initialState = {},
}: UploadPanelProps) {
  const [mode, setMode] = useState<UploadMode>(initialState.mode ?? 'text');
  // Each mode has a name of its own: a file's name (picked, or left by a failed upload) never
  // names a URL import, nor a text's name a file.
  const [names, setNames] = useState<Record<UploadMode, string>>(() => ({
    ...emptyNames,
    [initialState.mode ?? 'text']: initialState.name ?? '',
  }));
  const name = names[mode];
  const setName = (next: string | ((current: string) => string)) =>
    setNames((all) => ({ ...all, [mode]: typeof next === 'function' ? next(all[mode]) : next }));
  const [content, setContent] = useState(initialState.content ?? '');
  const [url, setUrl] = useState(initialState.url ?? '');
  const [file, setFile] = useState<File | null>(initialState.file ?? null);
  const [technique, setTechnique] = useState(
    defaultIndexingTechnique === 'high_quality' ? 'high_quality' : 'economy',
  );
  const [chunkSettings, setChunkSettings] = useState<ChunkSettings>(defaultChunkSettings);
  const progressId = useId();

  const chunkErrors = validateChunkSettings(chunkSettings);
  const ready = canUpload(mode, { name, content, url, file }) && !hasErrors(chunkErrors);
  const techniqueHint = indexingTechniqueOptions.find((o) => o.value === technique)?.hint;

  const reset = () => {
    setNames(emptyNames);
    setContent('');
    setUrl('');
    setFile(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ready || busy) return;
    const common = { indexingTechnique: technique, chunkSettings };
    let input: AddDocumentInput;
    if (mode === 'text') input = { mode, name: name.trim(), content, ...common };
    else if (mode === 'file')
      input = { mode, file: file!, name: fileUploadName(name, file!), ...common };
    else input = { mode, url: url.trim(), name: urlUploadName(name), ...common };
    if (await onUpload(input)) reset();
  };

  const changeMode = (next: string) => {
    setMode(next as UploadMode);
    onDismissNotice?.();
  };

  const labels = submitLabels[mode];
  return (
    <Card title="Add Documents" as="article">
      <form className={styles.form} onSubmit={submit} noValidate>
        <Tabs
          label="Upload mode"
          layout="tabs"
          items={uploadModes.map(({ value, label }) => ({ value, label, disabled: busy }))}
          value={mode}
          onValueChange={changeMode}
        >
          <div className={styles.tightStack}>
            {mode === 'text' ? (
              <>
                <TextField
                  label="Name"
                  value={name}
                  onChange={setName}
                  placeholder="e.g. Opening hours"
                  isRequired
                  disabled={busy}
                />
                <TextArea
                  label="Content"
                  value={content}
                  onChange={setContent}
                  rows={8}
                  placeholder="Paste or type the text to index"
                  isRequired
                  disabled={busy}
                />
              </>
            ) : null}
            {mode === 'file' ? (
              <>
                <FileDropzone
                  label="Document file"
                  accept={acceptedFileTypes}
                  maxSizeBytes={maxUploadBytes}
                  disabled={busy}
                  onFiles={([picked]) => {
                    if (!picked) return;
                    setName((current) => nameAfterFilePicked(current, picked, file));
                    setFile(picked);
                  }}
                />
                {file ? (
                  <div className={styles.fileRow}>
                    <span>
                      Selected file: <strong>{file.name}</strong> ({formatBytes(file.size)})
                    </span>
                    <Button size="sm" variant="ghost" onClick={() => setFile(null)} disabled={busy}>
                      Remove file
                    </Button>
                  </div>
                ) : null}
                <TextField
                  label="Name"
                  value={name}
                  onChange={setName}
                  description="Defaults to the file's name."
                  isRequired
                  disabled={busy}
                />
              </>
            ) : null}
            {mode === 'url' ? (
              <>
                <TextField
                  label="URL"
                  type="url"
                  value={url}
                  onChange={setUrl}
                  placeholder="https://example.com/help/article"
                  errorMessage={urlFieldError(url)}
                  isRequired
                  disabled={busy}
                />
                <TextField
                  label="Name (optional)"
                  value={name}
                  onChange={setName}
                  description="Leave empty to name it after the page."
                  disabled={busy}
                />
              </>
            ) : null}
          </div>
        </Tabs>
        <details className={styles.details}>
          <summary className={styles.summary}>Indexing and chunk settings</summary>
          <div className={`${styles.detailsBody} ${styles.tightStack}`}>
            <Select
              label="Indexing technique"
              value={technique}
              onValueChange={(v) => setTechnique(v as IndexingTechnique)}
              items={indexingTechniqueOptions.map(({ value, label }) => ({ value, label }))}
              description={techniqueHint}
              disabled={busy}
            />
            <ChunkSettingsFields
              value={chunkSettings}
              onChange={setChunkSettings}
              errors={chunkErrors}
              disabled={busy}
            />
          </div>
        </details>
        {busy && mode === 'file' && progress !== null ? (
          <div className={styles.progressRow}>
            <label htmlFor={progressId}>Upload progress</label>
            <progress id={progressId} className={styles.progress} value={progress} max={100}>
              {progress}%
            </progress>
            <span aria-hidden="true">{progress}%</span>
          </div>
        ) : null}
        {notice ? (
          <Banner
            tone={notice.tone}
            title={notice.title}
            message={notice.message}
            dismissible={Boolean(onDismissNotice)}
            onDismiss={onDismissNotice}
            autoDismissMs={noticeClearMs}
          />
        ) : null}
        <div className={styles.formActions}>
          <Button type="submit" disabled={!ready} busy={busy} busyLabel={labels.busy}>
            {labels.idle}
          </Button>
        </div>
      </form>
    </Card>
  );
}
