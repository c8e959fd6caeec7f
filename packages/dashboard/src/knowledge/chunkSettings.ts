import { chunkSettingsDefaults, chunkSettingsSchema, type ChunkSettings } from '@parley/api-client';

export type { ChunkSettings };

/** The numeric chunk settings with the spec's ranges (§5), in the order the form shows them. */
export const chunkSettingFields = [
  {
    key: 'chunkSize',
    label: 'Chunk size',
    min: 100,
    max: 4096,
    step: 1,
    integer: true,
    hint: 'Characters per chunk (100–4096).',
  },
  {
    key: 'chunkOverlap',
    label: 'Chunk overlap (%)',
    min: 0,
    max: 100,
    step: 1,
    integer: false,
    hint: 'Percent of a chunk repeated in the next one (0–100).',
  },
  {
    key: 'minSectionSize',
    label: 'Min section size',
    min: 50,
    max: 2000,
    step: 1,
    integer: true,
    hint: 'Smaller sections are merged with their neighbour (50–2000).',
  },
  {
    key: 'maxSectionSize',
    label: 'Max section size',
    min: 500,
    max: 8000,
    step: 1,
    integer: true,
    hint: 'Larger sections are split (500–8000).',
  },
  {
    key: 'headingPriority',
    label: 'Heading priority',
    min: 0,
    max: 100,
    step: 1,
    integer: true,
    hint: 'How strongly headings start a new section (0–100).',
  },
] as const;

export type ChunkNumberKey = (typeof chunkSettingFields)[number]['key'];
export type ChunkSettingsErrors = Partial<Record<ChunkNumberKey, string>>;

/** The defaults of §9 / the contract: structure mode, 1024, 50 %, 100, 4000, 50, spaces on, URLs off. */
export const defaultChunkSettings: ChunkSettings = { ...chunkSettingsDefaults };

/** One message per numeric setting outside its range (or not a number). */
export function validateChunkSettings(settings: ChunkSettings): ChunkSettingsErrors {
  const errors: ChunkSettingsErrors = {};
  for (const field of chunkSettingFields) {
    const value = settings[field.key];
    const inRange = Number.isFinite(value) && value >= field.min && value <= field.max;
    if (!inRange) {
      errors[field.key] = `${field.label} must be between ${field.min} and ${field.max}`;
    } else if (field.integer && !Number.isInteger(value)) {
      errors[field.key] = `${field.label} must be a whole number`;
    }
  }
  if (
    !errors.minSectionSize &&
    !errors.maxSectionSize &&
    settings.minSectionSize > settings.maxSectionSize
  ) {
    errors.minSectionSize = minAboveMaxMessage(settings.minSectionSize, settings.maxSectionSize);
  }
  return errors;
}

/** Min section larger than max section is refused, naming both (issue 12). */
export function minAboveMaxMessage(min: number, max: number): string {
  return `Min section size (${min}) must not be larger than Max section size (${max})`;
}

export function hasErrors(errors: object): boolean {
  return Object.values(errors).some(Boolean);
}

/**
 * Chunk settings from whatever the server stored with a base or document; missing or invalid
 * values fall back to the defaults, one field at a time.
 */
export function chunkSettingsFrom(value: unknown): ChunkSettings {
  const whole = chunkSettingsSchema.safeParse(value ?? {});
  if (whole.success) return whole.data;
  const source = value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  const result: ChunkSettings = { ...defaultChunkSettings };
  for (const key of Object.keys(chunkSettingsSchema.shape) as Array<keyof ChunkSettings>) {
    const one = chunkSettingsSchema.shape[key].safeParse(source[key]);
    if (one.success) (result as Record<string, unknown>)[key] = one.data;
  }
  return result;
}
