import { Button, Card, MaskedField, Select, Slider } from '@parley/ui';
import {
  openAiVoiceOptions,
  responseFormatOptions,
  speedRanges,
  unitRange,
  voiceLanguageEditable,
  voiceLanguages,
  voiceModelOptionsFor,
  voiceProviderOptions,
  localVoiceKeyNote,
  type ResponseFormat,
  type VoiceProvider,
} from './options';
import { speedText } from './providerRules';
import type { VoiceSettings } from './types';
import { LanguageSelect, ProviderKeyField } from './ProviderFields';
import * as styles from './editor.css';

export interface VoicePanelProps {
  value: VoiceSettings;
  /** All inputs are disabled when false (spec §5). */
  editing: boolean;
  /** Any change; the hook applies the provider rules (spec §4). */
  onChange: (patch: Partial<VoiceSettings>) => void;
  headingLevel?: 2 | 3;
  /**
   * Opens the 'Change voice' dialog (11Labs and Cartesia: the provider's voices or a typed ID).
   * Without it the Voice ID stays read-only with no button.
   */
  onChangeVoice?: () => void;
  /** Panel heading (default 'Voice'). */
  title?: string;
  id?: string;
}

const notConfigured = 'Not configured';
const unitText = (n: number) => n.toFixed(1);

/**
 * The Voice panel (spec §2): provider (OpenAI, 11Labs, Cartesia), model, language (disabled for
 * OpenAI and 11Labs), speed with its value, and provider settings — OpenAI voice and format;
 * 11Labs voice ID, stability and similarity boost; Cartesia voice ID. Key and voice ID are
 * read-only and masked.
 */
export function VoicePanel({
  value,
  editing,
  onChange,
  headingLevel = 2,
  onChangeVoice,
  title = 'Voice',
  id,
}: VoicePanelProps) {
  const disabled = !editing;
  const languages = voiceLanguages(value.provider, value.model);
  const speed = speedRanges[value.provider];
  return (
    <Card title={title} headingLevel={headingLevel} id={id}>
      <div className={styles.fields}>
        <Select
          label="Voice Provider"
          value={value.provider}
          items={voiceProviderOptions}
          onValueChange={(provider) => onChange({ provider: provider as VoiceProvider })}
          disabled={disabled}
        />
        <Select
          label="Voice Model"
          value={value.model}
          items={voiceModelOptionsFor(value.provider)}
          onValueChange={(model) => onChange({ model })}
          disabled={disabled}
        />
        <LanguageSelect
          label="Voice Language"
          value={value.language}
          languages={languages}
          onChange={(language) => onChange({ language })}
          disabled={disabled || !voiceLanguageEditable(value.provider)}
        />
        <Slider
          label="Speed"
          value={value.speed}
          {...speed}
          formatValue={speedText}
          onValueChange={(s) => onChange({ speed: s })}
          disabled={disabled}
        />
        {value.provider === 'openai' ? (
          <>
            <Select
              label="Voice"
              value={value.voice}
              items={openAiVoiceOptions}
              onValueChange={(voice) => onChange({ voice })}
              disabled={disabled}
            />
            <Select
              label="Response Format"
              value={value.responseFormat}
              items={responseFormatOptions}
              onValueChange={(f) => onChange({ responseFormat: f as ResponseFormat })}
              disabled={disabled}
            />
          </>
        ) : value.provider === 'local' ? null : (
          <div className={styles.voiceIdRow}>
            <MaskedField
              label="Voice ID"
              value={value.voiceId}
              description={value.voiceId ? undefined : notConfigured}
            />
            {onChangeVoice ? (
              <Button
                variant="secondary"
                size="sm"
                onClick={onChangeVoice}
                disabled={disabled}
                className={styles.changeVoice}
              >
                Change voice
              </Button>
            ) : null}
          </div>
        )}
        {value.provider === 'elevenlabs' ? (
          <>
            <Slider
              label="Stability"
              value={value.stability}
              {...unitRange}
              formatValue={unitText}
              onValueChange={(stability) => onChange({ stability })}
              disabled={disabled}
            />
            <Slider
              label="Similarity Boost"
              value={value.similarityBoost}
              {...unitRange}
              formatValue={unitText}
              onValueChange={(similarityBoost) => onChange({ similarityBoost })}
              disabled={disabled}
            />
          </>
        ) : null}
        <ProviderKeyField
          label="Voice API Key"
          apiKey={value.apiKey}
          local={value.provider === 'local'}
          localNote={localVoiceKeyNote}
        />
      </div>
    </Card>
  );
}
