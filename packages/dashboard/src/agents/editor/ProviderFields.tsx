import { MaskedField, Select } from '@parley/ui';
import { integrationsHref } from '../../integrations';
import { noLanguagesText, type LanguageOption } from './options';
import * as styles from './editor.css';

/** The language select of the Voice and Transcriber panels: 'No languages available' when none. */
export function LanguageSelect(props: {
  label: string;
  value: string;
  languages: LanguageOption[];
  onChange: (language: string) => void;
  disabled: boolean;
}) {
  const none = props.languages.length === 0;
  return (
    <Select
      label={props.label}
      value={none ? '' : props.value}
      placeholder={noLanguagesText}
      items={props.languages}
      onValueChange={props.onChange}
      disabled={props.disabled || none}
    />
  );
}

/**
 * A provider's key, read-only and masked ('Not configured' when empty; the local provider's
 * note instead of a key), and the link to Integrations where keys are set.
 */
export function ProviderKeyField(props: {
  label: string;
  apiKey: string;
  local: boolean;
  localNote: string;
}) {
  return (
    <>
      <MaskedField
        label={props.label}
        value={props.local ? '' : props.apiKey}
        description={props.local ? props.localNote : props.apiKey ? undefined : 'Not configured'}
      />
      <a href={integrationsHref} className={styles.keyLink}>
        Set keys in Integrations
      </a>
    </>
  );
}
