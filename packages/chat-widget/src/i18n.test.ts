// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { chatLabels, pickLanguage } from './i18n';

describe('pickLanguage', () => {
  it('uses the snippet language first, then the page language, then English', () => {
    expect(pickLanguage('es', 'fr')).toBe('es');
    expect(pickLanguage(undefined, 'fr-CA')).toBe('fr');
    expect(pickLanguage('', 'de_AT')).toBe('de');
    expect(pickLanguage(undefined, '')).toBe('en');
    expect(pickLanguage('ES-mx')).toBe('es');
  });

  it('skips languages without built-in labels', () => {
    expect(pickLanguage('ja', 'fr')).toBe('fr');
    expect(pickLanguage('ja', 'zh')).toBe('en');
  });

  it('ships English and three more languages with every label, keeping the spec texts in English', () => {
    const keys = Object.keys(chatLabels.en!).sort();
    expect(Object.keys(chatLabels).sort()).toEqual(['de', 'en', 'es', 'fr']);
    for (const labels of Object.values(chatLabels)) {
      expect(Object.keys(labels).sort()).toEqual(keys);
      for (const value of Object.values(labels)) expect(value).not.toBe('');
    }
    expect(chatLabels.en).toMatchObject({
      thinking: 'Thinking...',
      error: 'Sorry, I encountered an error. Please try again.',
      placeholder: 'Type your message here...',
      greeting: 'Hello! How can I help you today?',
    });
  });
});
