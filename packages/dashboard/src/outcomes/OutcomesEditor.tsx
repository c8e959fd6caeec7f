import type { ReactNode } from 'react';
import { outcomeFieldTypeValues, outcomeSuccessTypeValues } from '@parley/api-client';
import { Button, Card, IconButton, Select, Switch, TextArea, TextField } from '@parley/ui';
import { PlusIcon, TrashIcon } from '../icons';
import {
  canAddField,
  emptyFieldForm,
  fieldTypeLabels,
  outcomesTexts as t,
  successTypeLabels,
  type FieldForm,
  type PlanErrors,
  type PlanForm,
  type PlanSaveState,
} from './planForm';
import * as styles from './outcomes.css';

export interface OutcomesEditorProps {
  form: PlanForm;
  onChange: (form: PlanForm) => void;
  /** Problems by the plan's path ('fields.0.name' …), from the check before sending or the server. */
  errors?: PlanErrors;
  /** Edit mode: every input is disabled when false (as every settings panel). */
  editing: boolean;
  /** The autosave's status strip (planSaveStatus): 'Auto-saving...', 'Not saved: …' … */
  status: { state: PlanSaveState; text: string };
  /** The rerun control (under the form). */
  rerun?: ReactNode;
  headingLevel?: 2 | 3;
  id?: string;
}

/** The first problem of a path or of anything under it ('tags' covers 'tags.3'). */
const errorAt = (errors: PlanErrors, path: string) =>
  errors[path] ?? Object.entries(errors).find(([k]) => k.startsWith(`${path}.`))?.[1];

function FieldRow({
  field,
  index,
  errors,
  editing,
  onChange,
  onRemove,
}: {
  field: FieldForm;
  index: number;
  errors: PlanErrors;
  editing: boolean;
  onChange: (field: FieldForm) => void;
  onRemove: () => void;
}) {
  const at = (key: string) => errors[`fields.${index}.${key}`];
  const n = index + 1;
  return (
    <li className={styles.fieldRow} aria-label={`Field ${n}`}>
      <TextField
        label={`${t.fieldName} (field ${n})`}
        value={field.name}
        onChange={(name) => onChange({ ...field, name })}
        placeholder="order_number"
        errorMessage={at('name')}
        disabled={!editing}
        maxLength={40}
      />
      <Select
        label={`${t.fieldType} (field ${n})`}
        value={field.type}
        onValueChange={(type) => onChange({ ...field, type: type as FieldForm['type'] })}
        items={outcomeFieldTypeValues.map((v) => ({ value: v, label: fieldTypeLabels[v] }))}
        errorMessage={at('type')}
        disabled={!editing}
      />
      <TextField
        label={`${t.fieldDescription} (field ${n})`}
        value={field.description}
        onChange={(description) => onChange({ ...field, description })}
        placeholder="The order the customer asks about"
        errorMessage={at('description')}
        disabled={!editing}
        maxLength={500}
      />
      <div className={styles.removeCell}>
        <IconButton
          label={t.removeField(field.name)}
          icon={<TrashIcon />}
          variant="danger"
          onClick={onRemove}
          disabled={!editing}
        />
      </div>
      {field.type === 'enum' ? (
        <div className={styles.choices}>
          <TextArea
            label={`${t.choices} (field ${n})`}
            description={t.choicesHint}
            value={field.choices}
            onChange={(choices) => onChange({ ...field, choices })}
            rows={3}
            errorMessage={errorAt(errors, `fields.${index}.enum`)}
            disabled={!editing}
          />
        </div>
      ) : null}
    </li>
  );
}

/**
 * The agent's Outcomes section (issue 40, docs/outcomes.md): the summary switch, the success
 * evaluation (type and criteria in plain words), typed fields (text, number, yes/no, one of a
 * list), the tags to choose from, and the autosave's status. A view: props in, events out.
 */
export function OutcomesEditor({
  form,
  onChange,
  errors = {},
  editing,
  status,
  rerun,
  headingLevel = 2,
  id,
}: OutcomesEditorProps) {
  const set = (patch: Partial<PlanForm>) => onChange({ ...form, ...patch });
  const setField = (i: number, field: FieldForm) =>
    set({ fields: form.fields.map((f, j) => (j === i ? field : f)) });
  return (
    <Card title={t.heading} headingLevel={headingLevel} id={id}>
      <div className={styles.stack}>
        <p className={styles.muted}>{t.intro}</p>
        <p className={styles.muted}>{t.draftNote}</p>
        {!editing ? <p className={styles.muted}>{t.readOnly}</p> : null}
        <Switch
          label={t.summary}
          description={t.summaryHint}
          checked={form.summary}
          onCheckedChange={(summary) => set({ summary })}
          disabled={!editing}
        />
        <Select
          label={t.successType}
          value={form.successType}
          onValueChange={(v) => set({ successType: v as PlanForm['successType'] })}
          items={(['none', ...outcomeSuccessTypeValues] as const).map((v) => ({
            value: v,
            label: successTypeLabels[v],
          }))}
          errorMessage={errors.success_type}
          disabled={!editing}
        />
        {form.successType !== 'none' ? (
          <TextArea
            label={t.criteria}
            description={form.successType === 'checklist' ? t.checklistHint : t.criteriaHint}
            value={form.criteria}
            onChange={(criteria) => set({ criteria })}
            rows={form.successType === 'checklist' ? 5 : 3}
            maxLength={2000}
            errorMessage={errors.success_criteria}
            isRequired
            disabled={!editing}
          />
        ) : null}
        <fieldset className={styles.group}>
          <legend className={styles.legend}>{t.fields}</legend>
          <p className={styles.muted}>{t.fieldsHint}</p>
          {form.fields.length ? (
            <ul className={styles.fieldList} aria-label={t.fields}>
              {form.fields.map((field, i) => (
                <FieldRow
                  key={field.key}
                  field={field}
                  index={i}
                  errors={errors}
                  editing={editing}
                  onChange={(f) => setField(i, f)}
                  onRemove={() => set({ fields: form.fields.filter((_, j) => j !== i) })}
                />
              ))}
            </ul>
          ) : (
            <p className={styles.muted}>{t.noFields}</p>
          )}
          {errors.fields ? <p className={styles.error}>{errors.fields}</p> : null}
          <div className={styles.actions}>
            <Button
              variant="secondary"
              icon={<PlusIcon />}
              disabled={!editing || !canAddField(form)}
              onClick={() => set({ fields: [...form.fields, emptyFieldForm()] })}
            >
              {t.addField}
            </Button>
          </div>
        </fieldset>
        <TextField
          label={t.tags}
          description={t.tagsHint}
          value={form.tags}
          onChange={(tags) => set({ tags })}
          placeholder="refund, complaint, callback"
          errorMessage={errorAt(errors, 'tags')}
          disabled={!editing}
        />
        {errors.plan ? <p className={styles.error}>{errors.plan}</p> : null}
        <p
          role="status"
          aria-label={t.saveStatus}
          data-state={status.state}
          className={
            status.state === 'blocked' || status.state === 'error' ? styles.error : styles.muted
          }
        >
          {status.text}
        </p>
        {rerun}
      </div>
    </Card>
  );
}
