import { describe, expect, it } from 'vitest';
import { mkdtemp, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../src/app';

describe('server shell', () => {
  it('answers /healthz', async () => {
    const res = await createApp().request('/healthz');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('serves the console with SPA fallback and never for API paths', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'parley-console-'));
    await writeFile(join(dir, 'index.html'), '<!doctype html><title>Parley</title>');
    await mkdir(join(dir, 'assets'));
    await writeFile(join(dir, 'assets', 'app.js'), 'console.log(1)');
    const app = createApp({ consoleDir: dir });
    const deep = await app.request('/chatbot/abc');
    expect(deep.status).toBe(200);
    expect(await deep.text()).toContain('<title>Parley</title>');
    const asset = await app.request('/assets/app.js');
    expect(asset.headers.get('cache-control')).toContain('immutable');
    const traversal = await app.request('/..%2f..%2fetc%2fpasswd');
    expect(await traversal.text()).toContain('<title>Parley</title>');
    const api = await app.request('/api/unknown');
    expect(api.status).toBe(404);
  });
});
