import type { ModelProviderName } from '@parley/api-client';
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
import type { ModelSettings } from './types';
import type { KnowledgeItem } from './useAgentSettings';
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
  /** Clears a locked key so another can be entered. */
  onReplaceApiKey: () => void;
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
}: ModelPanelProps) {
  const disabled = !editing;
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
        {keyLocked ? (
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
            placeholder="sk-..."
            disabled={disabled}
          />
        )}
        <TextField
          label="Model Live URL"
          type="url"
          value={value.liveUrl}
          onChange={(liveUrl) => onChange({ liveUrl })}
          placeholder="wss://"
          disabled={disabled}
        />
        <TextField
          label="Agent URL"
          type="url"
          value={value.agentUrl}
          onChange={(agentUrl) => onChange({ agentUrl })}
          disabled={disabled}
        />
        <TextField
          label="Agent API Key"
          value={value.agentApiKey}
          onChange={(agentApiKey) => onChange({ agentApiKey })}
          autoComplete="off"
          disabled={disabled}
        />
        <TextArea
          className={styles.fullWidth}
          label="System Prompt"
          rows={12}
          value={value.systemPrompt}
          onChange={onSystemPromptChange}
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
