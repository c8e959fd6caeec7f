import { useState } from 'react';
import type { IntegrationVoice } from '@parley/api-client';
import { Banner, Button, Dialog, Spinner, TextField } from '@parley/ui';
import * as styles from './integrations.css';

export interface ChangeVoiceModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** 'ElevenLabs' or 'Cartesia'. */
  providerLabel: string;
  /** The provider's voices, fetched with the stored key. */
  voices: IntegrationVoice[];
  loading?: boolean;
  /** Listing failed (no key, or the provider's words); a typed ID still works. */
  error?: string | null;
  currentVoiceId?: string;
  onChoose: (voiceId: string) => void;
}

/** 'a Cartesia', 'an ElevenLabs', 'an OpenAI': the article goes by the first sound of the name. */
export function withArticle(name: string): string {
  return `${/^[aeiou]/i.test(name) ? 'an' : 'a'} ${name}`;
}

/**
 * 'Change voice': the provider's voices with a short preview where the provider has one, or a
 * typed voice ID (props in, events out).
 */
export function ChangeVoiceModal(props: ChangeVoiceModalProps) {
  const { open, onOpenChange, providerLabel, voices, loading, error, onChoose } = props;
  const [typed, setTyped] = useState('');
  const choose = (id: string) => {
    onChoose(id);
    onOpenChange(false);
  };
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Change voice"
      description={`Choose ${withArticle(providerLabel)} voice or type its ID.`}
      footer={
        <Button variant="secondary" onClick={() => onOpenChange(false)}>
          Cancel
        </Button>
      }
    >
      <div className={styles.form}>
        {loading ? (
          <Spinner label={`Loading ${providerLabel} voices`} />
        ) : error ? (
          <Banner tone="warning" title={`Could not list ${providerLabel} voices`} message={error} />
        ) : voices.length === 0 ? (
          <p className={styles.muted}>No voices on this {providerLabel} account.</p>
        ) : (
          <ul className={styles.voiceList} aria-label={`${providerLabel} voices`}>
            {voices.map((v) => (
              <li key={v.id} className={styles.voiceRow}>
                <span>
                  <strong>{v.name}</strong>
                  {v.description || v.language ? (
                    <span className={styles.muted}> {v.description ?? v.language}</span>
                  ) : null}
                </span>
                {v.preview_url ? (
                  <audio
                    controls
                    preload="none"
                    src={v.preview_url}
                    aria-label={`Preview ${v.name}`}
                  />
                ) : null}
                <Button
                  size="sm"
                  variant={v.id === props.currentVoiceId ? 'secondary' : 'primary'}
                  onClick={() => choose(v.id)}
                  aria-label={`${v.id === props.currentVoiceId ? 'Current' : 'Use'} ${v.name}`}
                >
                  {v.id === props.currentVoiceId ? 'Current' : 'Use'}
                </Button>
              </li>
            ))}
          </ul>
        )}
        <form
          className={styles.actions}
          onSubmit={(e) => {
            e.preventDefault();
            if (typed.trim()) choose(typed.trim());
          }}
        >
          <TextField label="Voice ID" value={typed} onChange={setTyped} autoComplete="off" />
          <Button type="submit" disabled={!typed.trim()}>
            Use this ID
          </Button>
        </form>
      </div>
    </Dialog>
  );
}
