// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  chunkSettingFields,
  chunkSettingsFrom,
  defaultChunkSettings,
  hasErrors,
  validateChunkSettings,
} from './chunkSettings';

describe('chunk settings', () => {
  it('has the spec defaults', () => {
    expect(defaultChunkSettings).toEqual({
      mode: 'structure',
      chunkSize: 1024,
      chunkOverlap: 50,
      minSectionSize: 100,
      maxSectionSize: 4000,
      headingPriority: 50,
      replaceExtraSpaces: true,
      removeUrlsEmails: false,
    });
    expect(hasErrors(validateChunkSettings(defaultChunkSettings))).toBe(false);
  });

  it('uses the ranges of §5', () => {
    expect(chunkSettingFields.map((f) => [f.key, f.min, f.max])).toEqual([
      ['chunkSize', 100, 4096],
      ['chunkOverlap', 0, 100],
      ['minSectionSize', 50, 2000],
      ['maxSectionSize', 500, 8000],
      ['headingPriority', 0, 100],
    ]);
  });

  it.each([
    ['chunkSize', 99, 'Chunk size must be between 100 and 4096'],
    ['chunkSize', 4097, 'Chunk size must be between 100 and 4096'],
    ['chunkOverlap', -1, 'Chunk overlap (%) must be between 0 and 100'],
    ['chunkOverlap', 101, 'Chunk overlap (%) must be between 0 and 100'],
    ['minSectionSize', 49, 'Min section size must be between 50 and 2000'],
    ['minSectionSize', 2001, 'Min section size must be between 50 and 2000'],
    ['maxSectionSize', 499, 'Max section size must be between 500 and 8000'],
    ['maxSectionSize', 8001, 'Max section size must be between 500 and 8000'],
    ['headingPriority', 101, 'Heading priority must be between 0 and 100'],
    ['chunkSize', Number.NaN, 'Chunk size must be between 100 and 4096'],
  ] as const)('given %s = %s › says "%s"', (key, value, message) => {
    const errors = validateChunkSettings({ ...defaultChunkSettings, [key]: value });
    expect(errors).toEqual({ [key]: message });
  });

  it('accepts both ends of every range', () => {
    for (const field of chunkSettingFields) {
      for (const value of [field.min, field.max]) {
        expect(validateChunkSettings({ ...defaultChunkSettings, [field.key]: value })).toEqual({});
      }
    }
  });

  it('given a fraction where a whole number is needed › says so; overlap may be fractional', () => {
    expect(validateChunkSettings({ ...defaultChunkSettings, chunkSize: 512.5 })).toEqual({
      chunkSize: 'Chunk size must be a whole number',
    });
    expect(validateChunkSettings({ ...defaultChunkSettings, chunkOverlap: 12.5 })).toEqual({});
  });

  it('given stored settings › reads them, filling gaps and bad values with the defaults', () => {
    expect(chunkSettingsFrom({ chunkSize: 512 })).toEqual({
      ...defaultChunkSettings,
      chunkSize: 512,
    });
    expect(chunkSettingsFrom({ chunkSize: 5, chunkOverlap: 10 })).toEqual({
      ...defaultChunkSettings,
      chunkOverlap: 10,
    });
    expect(chunkSettingsFrom(undefined)).toEqual(defaultChunkSettings);
    expect(chunkSettingsFrom('nonsense')).toEqual(defaultChunkSettings);
  });
});

describe('min and max section', () => {
  it('refuses a min section larger than the max section, naming both', () => {
    const errors = validateChunkSettings({
      ...defaultChunkSettings,
      minSectionSize: 1500,
      maxSectionSize: 1000,
    });
    expect(errors.minSectionSize).toBe(
      'Min section size (1500) must not be larger than Max section size (1000)',
    );
    expect(
      validateChunkSettings({ ...defaultChunkSettings, minSectionSize: 600, maxSectionSize: 600 })
        .minSectionSize,
    ).toBeUndefined();
  });
});
