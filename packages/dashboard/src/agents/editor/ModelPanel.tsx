import { modelMessages, type ModelProviderName } from '@parley/api-client';
import { agentUrlPlaceholder } from '../../api/addresses';
import {
  Badge,
  Button,
  Card,
  MaskedField,
  Select,
  TextArea,
  TextField,
  type BadgeTone,
} from '@parley/ui';
import { modelOptionsFor, modelProviderOptions } from './options';
import { modelKeyPlaceholder } from './providerRules';
import { fieldMaxLength, problemText, type CheckedField, type FieldProblems } from './fieldRules';
import type { KeyTestState, ModelSettings } from './types';
import type { KnowledgeItem } from './useAgentSettings';
import { AlertIcon, CheckIcon } from '../../icons';
import * as styles from './editor.css';

export interface ModelPanelProps {
  value: ModelSettings;
  /** All inputs are disabled when false (spec §5). */
  editing: boolean;
  /** The model key is user-configured: shown locked and masked (spec §5). */
  keyLocked: boolean;
  onProviderChange: (provider: ModelProviderName) => void;
  onChange: (patch: Partial<Omit<ModelSettings, 'provider' | 'systemPrompt'>>) => void;
  /** The key field lost focus (the hook locks a user-configured key then). */
  onApiKeyBlur: () => void;
  /** Starts replacing a locked key (the stored key stays until a valid one is typed). */
  onReplaceApiKey: () => void;
  /** The replacement key as typed, or null when not replacing. */
  keyDraft?: string | null;
  onKeyDraftChange?: (text: string) => void;
  /** Cancel: back to the locked, masked stored key. */
  onCancelReplace?: () => void;
  /** The install's shared key for the provider does not serve this organization (shown under the key field). */
  sharedKeyNotice?: string | null;
  /** Fields that cannot be saved, with the reason (shown beside each field). */
  problems?: FieldProblems;
  /** The key test (spec §7): 'Test key' beside the agent API key. */
  keyTest?: KeyTestState;
  onTestKey?: () => void;
  onSystemPromptChange: (prompt: string) => void;
  /** Selected knowledge bases with their badges. */
  knowledge: KnowledgeItem[];
  /** Some selected bases no longer exist (shows 'Clear Invalid'). */
  hasInvalidKnowledge: boolean;
  /** Add & Publish is running. */
  publishing?: boolean;
  onAddKnowledge: () => void;
  onRemoveKnowledge: (id: string) => void;
  onClearInvalid: () => void;
  /** Level of the panel heading (default 2); sections use the next level. */
  headingLevel?: 2 | 3;
  /** Panel heading (default 'Model'). */
  title?: string;
  id?: string;
}

/** The Model Live URL is an OpenAI-compatible base URL (issue 12). */
export const liveUrlPlaceholder = 'https://api.openai.com/v1 (OpenAI-compatible base URL)';

const badgeTone = (item: KnowledgeItem): BadgeTone =>
  item.deleted ? 'danger' : item.badge === 'HQ • VECTOR' ? 'primary' : 'neutral';

/**
 * The Model panel (spec §2): provider, model and key (locked and masked once user-configured),
 * model live URL, agent URL and key, the system prompt (12 rows) and the knowledge bases.
 */
export function ModelPanel({
  value,
  editing,
  keyLocked,
  onProviderChange,
  onChange,
  onApiKeyBlur,
  onReplaceApiKey,
  keyDraft = null,
  onKeyDraftChange,
  onCancelReplace,
  problems = {},
  keyTest = { status: 'idle' },
  onTestKey,
  onSystemPromptChange,
  knowledge,
  hasInvalidKnowledge,
  publishing = false,
  onAddKnowledge,
  onRemoveKnowledge,
  onClearInvalid,
  headingLevel = 2,
  title = 'Model',
  id,
  sharedKeyNotice,
}: ModelPanelProps) {
  const disabled = !editing;
  const err = (field: CheckedField) => {
    const reason = problems[field];
    return reason ? problemText(field, reason) : undefined;
  };
  const SectionHeading = headingLevel === 2 ? 'h3' : 'h4';
  return (
    <Card title={title} headingLevel={headingLevel} id={id}>
      <div className={styles.fields}>
        <Select
          label="Model Provider"
          value={value.provider}
          items={modelProviderOptions}
          onValueChange={(p) => onProviderChange(p as ModelProviderName)}
          disabled={disabled}
        />
        <Select
          label="Model"
          value={value.model}
          items={modelOptionsFor(value.provider)}
          onValueChange={(model) => onChange({ model })}
          disabled={disabled}
        />
        {keyLocked && keyDraft !== null ? (
          <div className={styles.keyRow}>
            <TextField
              className={styles.grow}
              label="Model API Key"
              type="password"
              value={keyDraft}
              onChange={(text) => onKeyDraftChange?.(text)}
              onBlur={onApiKeyBlur}
              autoComplete="off"
              autoFocus
              placeholder="Paste the new key"
              description="The stored key stays in use until a valid new key is saved."
              errorMessage={err('modelApiKey')}
              disabled={disabled}
            />
            <Button variant="secondary" onClick={onCancelReplace} disabled={disabled}>
              Cancel
            </Button>
          </div>
        ) : keyLocked ? (
          <div className={styles.keyRow}>
            <MaskedField
              className={styles.grow}
              label="Model API Key"
              value={value.apiKey}
              description="Your own key is configured; it is locked."
            />
            {editing ? (
              <Button variant="secondary" onClick={onReplaceApiKey}>
                Replace Key
              </Button>
            ) : null}
          </div>
        ) : (
          <TextField
            label="Model API Key"
            type="password"
            value={value.apiKey}
            onChange={(apiKey) => onChange({ apiKey })}
            onBlur={onApiKeyBlur}
            autoComplete="off"
            placeholder={modelKeyPlaceholder(value.provider)}
            description={sharedKeyNotice ?? undefined}
            disabled={disabled}
          />
        )}
        <TextField
          label="Model Live URL"
          type="url"
          value={value.liveUrl}
          onChange={(liveUrl) => onChange({ liveUrl })}
          placeholder={liveUrlPlaceholder}
          description="Optional: an OpenAI-compatible base URL that serves this model."
          errorMessage={err('liveUrl')}
          disabled={disabled}
        />
        <TextField
          label="Agent URL"
          type="url"
          value={value.agentUrl}
          onChange={(agentUrl) => onChange({ agentUrl })}
          placeholder={agentUrlPlaceholder}
          errorMessage={err('agentUrl')}
          disabled={disabled}
        />
        <div className={styles.keyTest}>
          <div className={styles.keyRow}>
            <TextField
              className={styles.grow}
              label="Agent API Key"
              value={value.agentApiKey}
              onChange={(agentApiKey) => onChange({ agentApiKey })}
              autoComplete="off"
              errorMessage={err('agentApiKey')}
              disabled={disabled}
            />
            <Button
              variant="secondary"
              onClick={onTestKey}
              disabled={
                !onTestKey ||
                !value.agentApiKey ||
                !value.agentUrl ||
                Boolean(problems.agentUrl || problems.agentApiKey)
              }
              busy={keyTest.status === 'testing'}
              busyLabel="Testing..."
            >
              Test key
            </Button>
          </div>
          <div className={styles.keyTestResult} aria-live="polite">
            {keyTest.status === 'ok' ? (
              <p className={styles.keyTestOk} data-state="ok">
                <CheckIcon />
                {modelMessages.keyWorks}
              </p>
            ) : keyTest.status === 'failed' ? (
              <p className={styles.keyTestFailed} data-state="failed">
                <AlertIcon />
                {modelMessages.keyFailed(keyTest.reason)}
              </p>
            ) : null}
          </div>
        </div>
        <TextArea
          className={styles.fullWidth}
          label="System Prompt"
          rows={12}
          value={value.systemPrompt}
          onChange={onSystemPromptChange}
          maxLength={fieldMaxLength.systemPrompt}
          errorMessage={err('systemPrompt')}
          disabled={disabled}
        />
      </div>
      <section className={styles.section} aria-labelledby={id ? `${id}-knowledge` : undefined}>
        <div className={styles.sectionHeader}>
          <SectionHeading id={id ? `${id}-knowledge` : undefined} className={styles.sectionTitle}>
            Knowledge Base
          </SectionHeading>
          <div className={styles.sectionActions}>
            {hasInvalidKnowledge ? (
              <Button variant="secondary" size="sm" onClick={onClearInvalid} disabled={disabled}>
                Clear Invalid
              </Button>
            ) : null}
            <Button
              size="sm"
              onClick={onAddKnowledge}
              disabled={disabled}
              busy={publishing}
              busyLabel="Publishing..."
            >
              Add Knowledge Base
            </Button>
          </div>
        </div>
        {knowledge.length === 0 ? (
          <p className={styles.muted}>No knowledge bases selected.</p>
        ) : (
          <ul className={styles.knowledgeList}>
            {knowledge.map((item) => (
              <li
                key={item.id}
                className={styles.knowledgeRow}
                data-deleted={item.deleted || undefined}
              >
                <span className={styles.knowledgeName} title={item.name}>
                  {item.name}
                </span>
                {item.badge ? <Badge tone={badgeTone(item)}>{item.badge}</Badge> : null}
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Delete ${item.name}`}
                  onClick={() => onRemoveKnowledge(item.id)}
                  disabled={disabled}
                >
                  Delete
                </Button>
              </li>
            ))}
          </ul>
        )}
      </section>
    </Card>
  );
}
