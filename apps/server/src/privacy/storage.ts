import type { CountryCode } from 'libphonenumber-js/max';
import type { RedactCategory, StorageMode } from '@parley/api-client';
import { redact } from './redact';

/** What the organization stores of conversations' text (privacy/settings.ts reads it). */
export interface StoragePolicy {
  storageMode: StorageMode;
  redactCategories: readonly RedactCategory[];
  /** The country of numbers written without their country code. */
  region: CountryCode | null;
}

/** An agent's own storage settings (part of its settings once agents have versions); unset: the organization's. */
export interface AgentStorageOverride {
  storage_mode?: StorageMode | null;
  redact_categories?: readonly RedactCategory[] | null;
}

/** A text as it is stored: the content column and what goes into the row's metadata. */
export interface StoredText {
  content: string;
  /** `{ privacy: { mode, length | redacted } }` when the text was not stored as is; else empty. */
  metadata: Record<string, unknown>;
}

/** The policy with an agent's override applied (its fields replace the organization's). */
export function effectivePolicy(
  org: StoragePolicy,
  override?: AgentStorageOverride | null,
): StoragePolicy {
  return {
    storageMode: override?.storage_mode ?? org.storageMode,
    redactCategories: override?.redact_categories ?? org.redactCategories,
    region: org.region,
  };
}

/**
 * What to store for a text under the organization's settings (and an agent's override): `full`
 * stores it as written; `redacted` with personal data replaced by typed placeholders ([CARD] …);
 * `metadata_only` stores no text (an empty content) and keeps its length as metadata. Pure: the
 * write paths call the function it returns for each text they store; the model's live turn
 * keeps the words as written.
 */
export function storageFor(
  org: StoragePolicy,
  override?: AgentStorageOverride | null,
): (text: string) => StoredText {
  const policy = effectivePolicy(org, override);
  switch (policy.storageMode) {
    case 'full':
      return (text) => ({ content: text, metadata: {} });
    case 'metadata_only':
      return (text) => ({
        content: '',
        metadata: { privacy: { mode: 'metadata_only', length: text.length } },
      });
    case 'redacted':
      return (text) => {
        const out = redact(text, {
          categories: policy.redactCategories,
          region: policy.region,
        });
        return {
          content: out.text,
          metadata: Object.keys(out.counts).length
            ? { privacy: { mode: 'redacted', redacted: out.counts } }
            : {},
        };
      };
  }
}

/** Everything stored as written (no settings saved, or before they are read). */
export const fullStorage: StoragePolicy = {
  storageMode: 'full',
  redactCategories: [],
  region: null,
};
