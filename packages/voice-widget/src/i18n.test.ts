// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { pickLanguage, voiceLabels } from './i18n';

describe('voice labels', () => {
  it('picks the snippet language, else the page language, else English', () => {
    expect(pickLanguage('fr', 'es')).toBe('fr');
    expect(pickLanguage(undefined, 'es-419')).toBe('es');
    expect(pickLanguage('ja', 'zz')).toBe('en');
  });

  it('has every label in each built-in language, with the spec texts in English', () => {
    const keys = Object.keys(voiceLabels.en!).sort();
    expect(Object.keys(voiceLabels).sort()).toEqual(['de', 'en', 'es', 'fr']);
    for (const labels of Object.values(voiceLabels))
      expect(Object.keys(labels).sort()).toEqual(keys);
    expect(voiceLabels.en).toMatchObject({
      connecting: 'Connecting...',
      end: 'End Call',
      talk: 'Talk to Agent',
      failed: 'Failed to connect to agent',
    });
  });
});
