import { describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { publicCors } from './publicAccess';

describe('publicCors', () => {
  it('lets any site send the bearer key and JSON with the given methods', async () => {
    const app = new Hono();
    app.use('/*', publicCors(['POST', 'OPTIONS']));
    app.post('/x', (c) => c.text('ok'));
    const preflight = await app.request('/x', {
      method: 'OPTIONS',
      headers: { Origin: 'https://shop.example', 'Access-Control-Request-Method': 'POST' },
    });
    expect(preflight.headers.get('Access-Control-Allow-Origin')).toBe('*');
    expect(preflight.headers.get('Access-Control-Allow-Methods')).toBe('POST,OPTIONS');
    expect(preflight.headers.get('Access-Control-Allow-Headers')).toBe(
      'Authorization,Content-Type',
    );
    const sent = await app.request('/x', {
      method: 'POST',
      headers: { Origin: 'https://a.example' },
    });
    expect(sent.headers.get('Access-Control-Allow-Origin')).toBe('*');
  });
});
