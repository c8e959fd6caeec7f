import { describe, expect, it } from 'vitest';
import { clientAddressFrom, trustedProxyHops } from './publicAccess';
import { crossSiteVerdict } from './csrf';
import { isJsonContentType } from './http';

describe('clientAddressFrom (right-most untrusted hop)', () => {
  it('given no trusted proxy › the socket address; X-Forwarded-For is ignored', () => {
    expect(clientAddressFrom('198.51.100.1', '203.0.113.9', 0)).toBe('198.51.100.1');
  });
  it('given one trusted proxy › the address that proxy appended, not a made-up one on its left', () => {
    expect(clientAddressFrom('10.0.0.2', '1.2.3.4, 203.0.113.9', 1)).toBe('203.0.113.9');
    expect(clientAddressFrom('10.0.0.2', '203.0.113.9', 1)).toBe('203.0.113.9');
  });
  it('given two trusted proxies › the hop before both', () => {
    expect(clientAddressFrom('10.0.0.2', 'fake, 203.0.113.9, 10.0.0.1', 2)).toBe('203.0.113.9');
  });
  it('given fewer hops than trusted proxies › the left-most address', () => {
    expect(clientAddressFrom('10.0.0.2', '203.0.113.9', 5)).toBe('203.0.113.9');
  });
  it('reads TRUST_PROXY as a number of hops', () => {
    expect(trustedProxyHops(undefined)).toBe(0);
    expect(trustedProxyHops('1')).toBe(1);
    expect(trustedProxyHops('2')).toBe(2);
    expect(trustedProxyHops('true')).toBe(1);
    expect(trustedProxyHops('yes')).toBe(0);
  });
});

describe('crossSiteVerdict', () => {
  const allowed = new Set(['https://parley.example', 'http://localhost:5173']);
  it.each([
    [{ origin: 'https://parley.example' }, 'allow'],
    [{ origin: 'https://PARLEY.example:443' }, 'allow'],
    [{ origin: 'http://localhost:5173' }, 'allow'],
    [{ origin: 'https://evil.example' }, 'refuse'],
    [{ origin: 'null' }, 'refuse'],
    [{ origin: 'https://evil.example', secFetchSite: 'same-origin' }, 'refuse'],
    [{ secFetchSite: 'same-origin' }, 'allow'],
    [{ secFetchSite: 'none' }, 'allow'],
    [{ secFetchSite: 'same-site' }, 'refuse'],
    [{ secFetchSite: 'cross-site' }, 'refuse'],
    [{}, 'allow'],
  ] as const)('given %o › %s', (headers, verdict) => {
    expect(crossSiteVerdict(headers, allowed)).toBe(verdict);
  });
});

describe('isJsonContentType', () => {
  it.each([
    ['application/json', true],
    ['application/json; charset=utf-8', true],
    ['application/merge-patch+json', true],
    ['text/plain', false],
    ['text/plain;charset=UTF-8', false],
    ['application/x-www-form-urlencoded', false],
    [undefined, false],
  ])('%s → %s', (type, json) => {
    expect(isJsonContentType(type)).toBe(json);
  });
});
