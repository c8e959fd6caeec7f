import { Card, Select, Switch } from '@parley/ui';
import {
  localTranscriberKeyNote,
  transcriberLanguages,
  transcriberModelOptionsFor,
  transcriberProviderOptions,
  type TranscriberProvider,
} from './options';
import type { TranscriberSettings } from './types';
import { LanguageSelect, ProviderKeyField } from './ProviderFields';
import * as styles from './editor.css';

export interface TranscriberPanelProps {
  value: TranscriberSettings;
  /** All inputs are disabled when false (spec §5). */
  editing: boolean;
  /** Any change; the hook applies the provider rules (spec §4). */
  onChange: (patch: Partial<TranscriberSettings>) => void;
  headingLevel?: 2 | 3;
  /** Panel heading (default 'Transcriber'). */
  title?: string;
  id?: string;
}

/**
 * The Transcriber panel (spec §2): provider (Deepgram or OpenAI), language, model and a
 * read-only masked key; for Deepgram the Punctuate, Smart Format and Interim Results toggles.
 */
export function TranscriberPanel({
  value,
  editing,
  onChange,
  headingLevel = 2,
  title = 'Transcriber',
  id,
}: TranscriberPanelProps) {
  const disabled = !editing;
  const languages = transcriberLanguages(value.provider, value.model);
  return (
    <Card title={title} headingLevel={headingLevel} id={id}>
      <div className={styles.fields}>
        <Select
          label="Transcriber Provider"
          value={value.provider}
          items={transcriberProviderOptions}
          onValueChange={(p) => onChange({ provider: p as TranscriberProvider })}
          disabled={disabled}
        />
        <LanguageSelect
          label="Transcriber Language"
          value={value.language}
          languages={languages}
          onChange={(language) => onChange({ language })}
          disabled={disabled}
        />
        <Select
          label="Transcriber Model"
          value={value.model}
          items={transcriberModelOptionsFor(value.provider)}
          onValueChange={(model) => onChange({ model })}
          disabled={disabled}
        />
        <ProviderKeyField
          label="Transcriber API Key"
          apiKey={value.apiKey}
          local={value.provider === 'local'}
          localNote={localTranscriberKeyNote}
        />
      </div>
      {value.provider === 'deepgram' ? (
        <div className={styles.switches}>
          <Switch
            label="Punctuate"
            checked={value.punctuate}
            onCheckedChange={(punctuate) => onChange({ punctuate })}
            disabled={disabled}
          />
          <Switch
            label="Smart Format"
            checked={value.smartFormat}
            onCheckedChange={(smartFormat) => onChange({ smartFormat })}
            disabled={disabled}
          />
          <Switch
            label="Interim Results"
            checked={value.interimResults}
            onCheckedChange={(interimResults) => onChange({ interimResults })}
            disabled={disabled}
          />
        </div>
      ) : null}
    </Card>
  );
}
