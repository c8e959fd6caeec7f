import { describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { contentSecurityPolicy, securityHeaders } from './securityHeaders';

function appWith(env: Record<string, string | undefined>) {
  const app = new Hono();
  app.use('*', securityHeaders(env));
  app.get('/', (c) => c.html('<!doctype html><title>Parley</title>'));
  app.get('/api/x', (c) => c.json({ ok: true }));
  return app;
}

describe('security headers', () => {
  it('a console page: CSP with only our origin, no plugins, no <base>, never framed; microphone on our origin only', async () => {
    const res = await appWith({ LIVEKIT_URL: 'wss://voice.example.com' }).request('/');
    const csp = res.headers.get('content-security-policy')!;
    for (const directive of [
      "default-src 'self'",
      "script-src 'self'",
      "object-src 'none'",
      "base-uri 'none'",
      "frame-ancestors 'none'",
      "connect-src 'self' wss://voice.example.com https://voice.example.com",
    ])
      expect(csp).toContain(directive);
    expect(csp).not.toContain('unsafe-eval');
    expect(res.headers.get('permissions-policy')).toMatch(/^microphone=\(self\), camera=\(\)/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });

  it('HSTS only when PUBLIC_URL is https; JSON answers get nosniff but no page policy', async () => {
    const secure = appWith({ PUBLIC_URL: 'https://parley.example.com' });
    expect((await secure.request('/')).headers.get('strict-transport-security')).toBe(
      'max-age=31536000; includeSubDomains',
    );
    const json = await secure.request('/api/x');
    expect(json.headers.get('strict-transport-security')).toContain('max-age=');
    expect(json.headers.get('x-content-type-options')).toBe('nosniff');
    expect(json.headers.get('content-security-policy')).toBeNull();
  });

  it('the public chat page’s policy: no inline styles, the agent’s origin for requests', () => {
    const csp = contentSecurityPolicy({ connect: ['https://bots.example'] });
    expect(csp).toContain("style-src 'self';");
    expect(csp).toContain("connect-src 'self' https://bots.example;");
  });
});
