import { useState, type FormEvent } from 'react';
import { Banner, Button, Card, Select, TextArea, TextField } from '@parley/ui';
import type { CreateKnowledgeBaseRequest, IndexingTechnique } from '@parley/api-client';
import { ChunkSettingsFields } from './ChunkSettingsFields';
import {
  defaultCreateForm,
  indexingTechniqueOptions,
  isCreateFormValid,
  permissionOptions,
  toCreateRequest,
  validateCreateForm,
  type CreateKnowledgeForm,
  type KnowledgePermission,
} from './createKnowledgeForm';
import * as styles from './knowledge.css';

export interface CreateKnowledgeBasePanelProps {
  busy?: boolean;
  /** 'Failed to create knowledge base: …' (or the session/network text). */
  error?: string | null;
  onCreate: (request: CreateKnowledgeBaseRequest) => void;
  onCancel?: () => void;
  /** Starting values (stories); defaults to the spec's defaults. */
  initialForm?: CreateKnowledgeForm;
}

/**
 * The create form (spec §2/§3/§5): name (required), description, indexing technique
 * (high_quality default, or economy), permission (only_me default) and chunk settings.
 */
export function CreateKnowledgeBasePanel({
  busy = false,
  error,
  onCreate,
  onCancel,
  initialForm,
}: CreateKnowledgeBasePanelProps) {
  const [form, setForm] = useState<CreateKnowledgeForm>(() => initialForm ?? defaultCreateForm());
  const [submitted, setSubmitted] = useState(false);
  const errors = validateCreateForm(form);
  const technique = indexingTechniqueOptions.find((o) => o.value === form.indexingTechnique);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (busy || !isCreateFormValid(form)) return;
    onCreate(toCreateRequest(form));
  };

  return (
    <Card title="Create Knowledge Base" as="article">
      <form className={styles.form} onSubmit={submit} noValidate>
        {error ? <Banner tone="error" title={error} /> : null}
        <div className={styles.fields}>
          <TextField
            label="Name"
            value={form.name}
            onChange={(name) => setForm({ ...form, name })}
            placeholder="e.g. Product documentation"
            isRequired
            errorMessage={submitted ? errors.name : undefined}
            disabled={busy}
            maxLength={200}
          />
          <Select
            label="Permission"
            value={form.permission}
            onValueChange={(v) => setForm({ ...form, permission: v as KnowledgePermission })}
            items={[...permissionOptions]}
            description="Who in the organization can see and use this knowledge base."
            disabled={busy}
          />
          <div className={styles.fullWidth}>
            <TextArea
              label="Description"
              value={form.description}
              onChange={(description) => setForm({ ...form, description })}
              rows={3}
              placeholder="What is in this knowledge base?"
              maxLength={2000}
              disabled={busy}
            />
          </div>
          <Select
            label="Indexing technique"
            value={form.indexingTechnique}
            onValueChange={(v) => setForm({ ...form, indexingTechnique: v as IndexingTechnique })}
            items={indexingTechniqueOptions.map(({ value, label }) => ({ value, label }))}
            description={technique?.hint}
            disabled={busy}
          />
        </div>
        <ChunkSettingsFields
          value={form.chunkSettings}
          onChange={(chunkSettings) => setForm({ ...form, chunkSettings })}
          errors={errors.chunkSettings}
          disabled={busy}
        />
        <div className={styles.formActions}>
          {onCancel ? (
            <Button variant="secondary" onClick={onCancel} disabled={busy}>
              Cancel
            </Button>
          ) : null}
          <Button type="submit" busy={busy} busyLabel="Creating...">
            Create Knowledge Base
          </Button>
        </div>
      </form>
    </Card>
  );
}
