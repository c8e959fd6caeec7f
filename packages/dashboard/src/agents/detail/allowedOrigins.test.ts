// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatAllowedOrigins, normalizeOrigin, parseAllowedOrigins } from './allowedOrigins';

describe('allowed origins', () => {
  it('given an empty field › any site may embed (no origins)', () => {
    expect(parseAllowedOrigins('  \n ')).toEqual({ ok: true, origins: [] });
  });

  it('given origins on lines, with commas and case › normalised and de-duplicated', () => {
    expect(
      parseAllowedOrigins('HTTPS://Shop.Example/\nhttp://localhost:3000, https://shop.example'),
    ).toEqual({ ok: true, origins: ['https://shop.example', 'http://localhost:3000'] });
  });

  it('given a default port › it is dropped as the browser does', () => {
    expect(normalizeOrigin('https://shop.example:443')).toBe('https://shop.example');
  });

  it.each([
    ['shop.example', 'no scheme'],
    ['ftp://shop.example', 'not http(s)'],
    ['https://shop.example/page', 'a path'],
    ['https://shop.example?x=1', 'a query'],
    ['https://shop.example#top', 'a fragment'],
    ['https://user:pw@shop.example', 'credentials'],
    ['https://', 'no host'],
  ])('given %s (%s) › refused, naming the field and the entry', (entry) => {
    const result = parseAllowedOrigins(`https://ok.example\n${entry}`);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error).toContain('Allowed Origins');
      expect(result.error).toContain(`"${entry}"`);
    }
  });

  it('given stored origins › one per line', () => {
    expect(formatAllowedOrigins(['https://a.example', 'https://b.example'])).toBe(
      'https://a.example\nhttps://b.example',
    );
    expect(formatAllowedOrigins(undefined)).toBe('');
  });
});
