import { useState, type FormEvent } from 'react';
import { Banner, Button, Card, Select, Spinner, TextArea, TextField } from '@parley/ui';
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
  /** The organization's members for the partial_members picker (undefined while loading). */
  members?: ReadonlyArray<{ userId: string; name: string; email: string }>;
  /** Why the members could not be loaded. */
  membersError?: string | null;
  /** The signed-in user (the creator, who always has access: not offered in the picker). */
  currentUserId?: string;
  /** The permission chosen (the container loads the members once partial_members is). */
  onPermissionChange?: (permission: KnowledgePermission) => void;
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
  members,
  membersError,
  currentUserId,
  onPermissionChange,
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
            onValueChange={(v) => {
              setForm({ ...form, permission: v as KnowledgePermission });
              onPermissionChange?.(v as KnowledgePermission);
            }}
            items={[...permissionOptions]}
            description="Who in the organization can see and use this knowledge base."
            disabled={busy}
          />
          {form.permission === 'partial_members' ? (
            <fieldset className={`${styles.fieldset} ${styles.fullWidth}`} disabled={busy}>
              <legend className={styles.legend}>Members with access</legend>
              <p className={styles.muted}>
                Only the members chosen here, and you as its creator, see and use this knowledge
                base (owners and admins too only when chosen).
              </p>
              {membersError ? (
                <Banner tone="error" title="Could not load the members" message={membersError} />
              ) : members === undefined ? (
                <Spinner label="Loading members" />
              ) : members.filter((m) => m.userId !== currentUserId).length === 0 ? (
                <p className={styles.muted}>
                  No other members yet: invite them from Account → Members.
                </p>
              ) : (
                members
                  .filter((m) => m.userId !== currentUserId)
                  .map((m) => (
                    <label key={m.userId} className={styles.checkRow}>
                      <input
                        type="checkbox"
                        checked={form.partialMembers.includes(m.userId)}
                        onChange={(e) =>
                          setForm({
                            ...form,
                            partialMembers: e.currentTarget.checked
                              ? [...form.partialMembers, m.userId]
                              : form.partialMembers.filter((u) => u !== m.userId),
                          })
                        }
                      />
                      <span>
                        {m.name} <span className={styles.muted}>{m.email}</span>
                      </span>
                    </label>
                  ))
              )}
            </fieldset>
          ) : null}
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
