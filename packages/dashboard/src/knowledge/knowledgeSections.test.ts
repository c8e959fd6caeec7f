// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { availableSections, effectiveSection, parseSection } from './knowledgeSections';

describe('knowledge sections', () => {
  it('given no selection › offers only the list and create sections', () => {
    expect(availableSections(false).map((s) => s.value)).toEqual(['list', 'create']);
  });

  it('given a selected base › adds Documents and API Keys', () => {
    expect(availableSections(true).map((s) => s.label)).toEqual([
      'Knowledge Bases',
      'Create',
      'Documents',
      'API Keys',
    ]);
  });

  it('given a section that needs a selection but none › falls back to the list', () => {
    expect(effectiveSection('documents', false)).toBe('list');
    expect(effectiveSection('api-keys', false)).toBe('list');
    expect(effectiveSection('documents', true)).toBe('documents');
    expect(effectiveSection('create', false)).toBe('create');
  });

  it('given an unknown section name › reads it as the list', () => {
    expect(parseSection('api-keys')).toBe('api-keys');
    expect(parseSection('nope')).toBe('list');
    expect(parseSection(null)).toBe('list');
  });
});
