import { useState } from 'react';
import { toolsLimits } from '@parley/api-client';
import { Card, Slider, TextArea, TextField } from '@parley/ui';
import { formatDuration } from './providerRules';
import { fieldMaxLength, problemText, type CheckedField, type FieldProblems } from './fieldRules';
import type { ToolsSettings } from './types';
import type { ToolsTextField } from './useAgentSettings';
import * as styles from './editor.css';

export interface ConfigurationsPanelProps {
  value: ToolsSettings;
  /** All inputs are disabled when false (spec §5). */
  editing: boolean;
  /**
   * Initial message, nudge text, nudge interval and max nudges are edited locally and committed
   * on blur with the typed text (the hook validates it).
   */
  onCommit: (field: ToolsTextField, text: string) => void;
  onTypingVolumeChange: (volume: number) => void;
  onMaxCallDurationChange: (seconds: number) => void;
  /** The m:ss box, committed on blur (invalid → 300). */
  onMaxCallDurationTextCommit: (text: string) => void;
  /** Fields that cannot be saved, with the reason (shown beside each field). */
  problems?: FieldProblems;
  headingLevel?: 2 | 3;
  /** Panel heading (default 'Configurations'). */
  title?: string;
  id?: string;
}

type DraftField = ToolsTextField | 'duration';

/**
 * The Configurations (tools) panel (spec §2): Initial Message; Call Behavior (nudge text,
 * interval, max nudges); Audio & Duration (typing volume slider, max call duration slider with
 * an m:ss box).
 */
export function ConfigurationsPanel({
  value,
  editing,
  onCommit,
  onTypingVolumeChange,
  onMaxCallDurationChange,
  onMaxCallDurationTextCommit,
  problems = {},
  headingLevel = 2,
  title = 'Configurations',
  id,
}: ConfigurationsPanelProps) {
  const disabled = !editing;
  const err = (field: CheckedField) => {
    const reason = problems[field];
    return reason ? problemText(field, reason) : undefined;
  };
  const [drafts, setDrafts] = useState<Partial<Record<DraftField, string>>>({});
  const SectionHeading = headingLevel === 2 ? 'h3' : 'h4';
  const committed: Record<DraftField, string> = {
    initialMessage: value.initialMessage,
    nudgeText: value.nudgeText,
    nudgeInterval: String(value.nudgeInterval),
    maxNudges: String(value.maxNudges),
    duration: formatDuration(value.maxCallDuration),
  };
  const shown = (field: DraftField) => drafts[field] ?? committed[field];
  const edit = (field: DraftField) => (text: string) => setDrafts((d) => ({ ...d, [field]: text }));
  const commit = (field: DraftField) => () => {
    const text = drafts[field];
    setDrafts(({ [field]: _done, ...rest }) => rest);
    if (text === undefined || text === committed[field]) return;
    if (field === 'duration') onMaxCallDurationTextCommit(text);
    else onCommit(field, text);
  };
  const { nudge_interval: interval, max_nudges: nudges } = toolsLimits;
  const callBehaviorId = id ? `${id}-call-behavior` : undefined;
  const audioId = id ? `${id}-audio` : undefined;

  return (
    <Card title={title} headingLevel={headingLevel} id={id}>
      <TextArea
        label="Initial Message"
        rows={3}
        value={shown('initialMessage')}
        onChange={edit('initialMessage')}
        onBlur={commit('initialMessage')}
        maxLength={fieldMaxLength.initialMessage}
        errorMessage={err('initialMessage')}
        disabled={disabled}
      />
      <section className={styles.section} aria-labelledby={callBehaviorId}>
        <SectionHeading id={callBehaviorId} className={styles.sectionTitle}>
          Call Behavior
        </SectionHeading>
        <div className={styles.fields}>
          <TextField
            className={styles.fullWidth}
            label="Nudge Text"
            value={shown('nudgeText')}
            onChange={edit('nudgeText')}
            onBlur={commit('nudgeText')}
            maxLength={fieldMaxLength.nudgeText}
            errorMessage={err('nudgeText')}
            disabled={disabled}
          />
          <TextField
            label="Nudge Interval (seconds)"
            inputMode="numeric"
            value={shown('nudgeInterval')}
            onChange={edit('nudgeInterval')}
            onBlur={commit('nudgeInterval')}
            description={`${interval.min} to ${interval.max} seconds`}
            disabled={disabled}
          />
          <TextField
            label="Max Nudges"
            inputMode="numeric"
            value={shown('maxNudges')}
            onChange={edit('maxNudges')}
            onBlur={commit('maxNudges')}
            description={`${nudges.min} to ${nudges.max}`}
            disabled={disabled}
          />
        </div>
      </section>
      <section className={styles.section} aria-labelledby={audioId}>
        <SectionHeading id={audioId} className={styles.sectionTitle}>
          Audio &amp; Duration
        </SectionHeading>
        <div className={styles.fields}>
          <Slider
            className={styles.fullWidth}
            label="Typing Volume"
            value={value.typingVolume}
            min={toolsLimits.typing_volume.min}
            max={toolsLimits.typing_volume.max}
            step={toolsLimits.typing_volume.step}
            formatValue={(v) => v.toFixed(1)}
            onValueChange={onTypingVolumeChange}
            disabled={disabled}
          />
          <Slider
            label="Max Call Duration"
            value={value.maxCallDuration}
            min={toolsLimits.max_call_duration.min}
            max={toolsLimits.max_call_duration.max}
            step={toolsLimits.max_call_duration.step}
            formatValue={formatDuration}
            onValueChange={onMaxCallDurationChange}
            disabled={disabled}
          />
          <TextField
            label="Max Call Duration (m:ss)"
            value={shown('duration')}
            onChange={edit('duration')}
            onBlur={commit('duration')}
            placeholder="5:00"
            description="Minutes and seconds, up to 10:00"
            disabled={disabled}
          />
        </div>
      </section>
    </Card>
  );
}
