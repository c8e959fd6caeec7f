import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestServer, type TestServer, type TestUser } from '../../test/harness';
import { integrations } from '../db/schema';
import {
  CARTESIA_VERSION,
  failureMessage,
  providerErrorText,
  testProviderKey,
} from './voiceProviders';

/**
 * The four providers' wire formats on a loopback server: each checks its own auth header and
 * answers its own error shape, so a wrong key fails the way the real API does.
 */
const GOOD = {
  openai: 'sk-good-openai-0001',
  elevenlabs: 'xi-good-eleven-0002',
  cartesia: 'sk_car_good-0003',
  deepgram: 'dg-good-key-0004',
};
const seen: Array<{ path: string; headers: IncomingHttpHeaders }> = [];
let fake: Server;
let fakeUrl: string;

function send(res: import('node:http').ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}

beforeAll(async () => {
  fake = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    seen.push({ path: url.pathname + url.search, headers: req.headers });
    const h = req.headers;
    if (url.pathname === '/openai/v1/models') {
      if (h.authorization !== `Bearer ${GOOD.openai}`)
        return send(res, 401, {
          error: {
            message:
              'Incorrect API key provided: sk-wrong***. You can find your API key at https://platform.openai.com/account/api-keys.',
            type: 'invalid_request_error',
            code: 'invalid_api_key',
          },
        });
      return send(res, 200, { object: 'list', data: [{ id: 'gpt-4o-mini', object: 'model' }] });
    }
    if (url.pathname === '/elevenlabs/v1/voices') {
      if (h['xi-api-key'] !== GOOD.elevenlabs)
        return send(res, 401, {
          detail: { status: 'invalid_api_key', message: 'Invalid API key' },
        });
      return send(res, 200, {
        voices: [
          {
            voice_id: '21m00Tcm4TlvDq8ikWAM',
            name: 'Rachel',
            category: 'premade',
            labels: { accent: 'american', gender: 'female' },
            preview_url: 'https://storage.example/rachel.mp3',
          },
          { voice_id: 'AZnzlk1XvdvUeBnXmlld', name: 'Domi', labels: { language: 'en' } },
        ],
      });
    }
    if (url.pathname === '/cartesia/voices') {
      if (h['cartesia-version'] !== CARTESIA_VERSION)
        return send(res, 400, { error: 'Cartesia-Version header is required' });
      if (h.authorization !== `Bearer ${GOOD.cartesia}`)
        return send(res, 401, { error: 'Invalid API key' });
      return send(res, 200, {
        data: [
          {
            id: 'a0e99841-438c-4a64-b679-ae501e7d6091',
            name: 'Barbershop Man',
            description: 'A friendly man',
            language: 'en',
            is_public: true,
          },
        ],
        has_more: false,
      });
    }
    if (url.pathname === '/deepgram/v1/projects') {
      if (h.authorization !== `Token ${GOOD.deepgram}`)
        return send(res, 401, {
          err_code: 'INVALID_AUTH',
          err_msg: 'Invalid credentials.',
          request_id: 'req-1',
        });
      return send(res, 200, { projects: [{ project_id: 'p1', name: 'Parley' }] });
    }
    send(res, 404, { error: 'not found' });
  });
  fake.listen(0, '127.0.0.1');
  await once(fake, 'listening');
  fakeUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((r) => fake.close(() => r()));
});

let server: TestServer;
let user: TestUser;
let orgId: string;

beforeAll(async () => {
  server = await startTestServer({
    env: {
      OPENAI_BASE_URL: `${fakeUrl}/openai/v1`,
      ELEVENLABS_BASE_URL: `${fakeUrl}/elevenlabs`,
      CARTESIA_BASE_URL: `${fakeUrl}/cartesia/`,
      DEEPGRAM_BASE_URL: `${fakeUrl}/deepgram`,
    },
  });
  user = server.newUser();
  orgId = await user.withOrg('Keys Org');
});
afterAll(async () => {
  await server?.close();
});

const at = (provider: string, rest = '') =>
  `/api/integrations/organization/${orgId}/${provider}${rest}`;

const cases = [
  {
    provider: 'openai',
    label: 'OpenAI',
    wrong: /^OpenAI rejected the API key \(401\): Incorrect API key provided/,
  },
  {
    provider: 'elevenlabs',
    label: 'ElevenLabs',
    wrong: /^ElevenLabs rejected the API key \(401\): Invalid API key$/,
  },
  {
    provider: 'cartesia',
    label: 'Cartesia',
    wrong: /^Cartesia rejected the API key \(401\): Invalid API key$/,
  },
  {
    provider: 'deepgram',
    label: 'Deepgram',
    wrong: /^Deepgram rejected the API key \(401\): Invalid credentials\.$/,
  },
] as const;

describe.each(cases)('$label key', ({ provider, label, wrong }) => {
  it('missing or malformed api_key › 400 naming the field, nothing written', async () => {
    const missing = await user.raw('PUT', at(provider), { credentials: { key: 'abcdefgh12' } });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatch(/^credentials\.api_key: /);
    const spaces = await user.raw('PUT', at(provider), {
      credentials: { api_key: 'has a space in it' },
    });
    expect(spaces).toMatchObject({
      status: 400,
      body: {
        error:
          'credentials.api_key: must be printable characters without spaces or control characters',
      },
    });
    const short = await user.raw('PUT', at(provider), { credentials: { api_key: 'abc' } });
    expect(short.body.error).toBe('credentials.api_key: must be at least 8 characters');
    const rows = await server.db
      .select()
      .from(integrations)
      .where(eq(integrations.provider, provider));
    expect(rows).toHaveLength(0);
  });

  it('set › masked; valid key › working; wrong key › the provider’s words', async () => {
    const key = GOOD[provider];
    const set = await user.raw('PUT', at(provider), { credentials: { api_key: key } });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({
      provider,
      configured: true,
      masked: { api_key: `${'•'.repeat(key.length - 4)}${key.slice(-4)}` },
    });
    expect(JSON.stringify(set.body)).not.toContain(key);
    const [row] = await server.db
      .select()
      .from(integrations)
      .where(eq(integrations.provider, provider));
    expect(row!.credentialsEncrypted).not.toContain(key);

    const ok = await user.raw('POST', at(provider, '/test'));
    expect(ok).toMatchObject({
      status: 200,
      body: { success: true, message: `${label} key is working` },
    });
    const after = await user.raw('GET', at(provider));
    expect(after.body).toMatchObject({
      last_test_ok: true,
      last_test_message: `${label} key is working`,
    });

    await user.raw('PUT', at(provider), { credentials: { api_key: 'wrong-key-9999' } });
    const bad = await user.raw('POST', at(provider, '/test'));
    expect(bad.status).toBe(200);
    expect(bad.body.success).toBe(false);
    expect(bad.body.message).toMatch(wrong);
    // The key went to the provider in its own header, never anywhere else.
    const last = seen.at(-1)!;
    expect(JSON.stringify(last.headers)).toContain('wrong-key-9999');
    await user.raw('PUT', at(provider), { credentials: { api_key: key } });
  });
});

describe('voices through the stored key', () => {
  it('ElevenLabs and Cartesia list their voices', async () => {
    const eleven = await user.raw('GET', at('elevenlabs', '/voices'));
    expect(eleven.status).toBe(200);
    expect(eleven.body.voices).toEqual([
      {
        id: '21m00Tcm4TlvDq8ikWAM',
        name: 'Rachel',
        language: null,
        description: 'american, female',
        preview_url: 'https://storage.example/rachel.mp3',
      },
      {
        id: 'AZnzlk1XvdvUeBnXmlld',
        name: 'Domi',
        language: 'en',
        description: 'en',
        preview_url: null,
      },
    ]);
    const cartesia = await user.raw('GET', at('cartesia', '/voices'));
    expect(cartesia.body.voices).toEqual([
      {
        id: 'a0e99841-438c-4a64-b679-ae501e7d6091',
        name: 'Barbershop Man',
        language: 'en',
        description: 'A friendly man',
        preview_url: null,
      },
    ]);
    expect(seen.at(-1)!.path).toBe('/cartesia/voices?limit=100');
  });

  it('no voices for OpenAI/Deepgram › 400; not set › 404; wrong key › 502; stranger › 404', async () => {
    const deepgram = await user.raw('GET', at('deepgram', '/voices'));
    expect(deepgram).toMatchObject({
      status: 400,
      body: { error: 'provider: voices can be listed for elevenlabs and cartesia only' },
    });
    const other = server.newUser();
    const otherOrg = await other.withOrg('Other');
    const unset = await other.raw(
      'GET',
      `/api/integrations/organization/${otherOrg}/cartesia/voices`,
    );
    expect(unset.status).toBe(404);
    const stranger = await other.raw('GET', at('elevenlabs', '/voices'));
    expect(stranger.status).toBe(404);

    await user.raw('PUT', at('elevenlabs'), { credentials: { api_key: 'wrong-key-9999' } });
    const bad = await user.raw('GET', at('elevenlabs', '/voices'));
    expect(bad).toMatchObject({
      status: 502,
      body: { error: 'ElevenLabs rejected the API key (401): Invalid API key' },
    });
  });

  it('an unreachable provider says so plainly', async () => {
    const closed = createServer().listen(0, '127.0.0.1');
    await once(closed, 'listening');
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    const res = await testProviderKey('deepgram', GOOD.deepgram, {
      DEEPGRAM_BASE_URL: `http://127.0.0.1:${port}`,
    });
    expect(res).toEqual({ ok: false, message: 'Could not reach Deepgram: ECONNREFUSED' });
  });

  it('follows no redirect: a provider answer pointing elsewhere is not fetched, the key stays home', async () => {
    const hits: string[] = [];
    const server = createServer((req, res) => {
      hits.push(req.url ?? '');
      res.writeHead(302, { Location: 'http://169.254.169.254/latest/meta-data/' }).end();
    }).listen(0, '127.0.0.1');
    await once(server, 'listening');
    const port = (server.address() as AddressInfo).port;
    try {
      const res = await testProviderKey('deepgram', GOOD.deepgram, {
        DEEPGRAM_BASE_URL: `http://127.0.0.1:${port}`,
      });
      expect(res.ok).toBe(false);
      expect(res.message).toMatch(/^Could not reach Deepgram: /);
      expect(hits).toHaveLength(1);
    } finally {
      await new Promise<void>((r) => server.close(() => r()));
    }
  });
});

describe('failure messages', () => {
  it.each([
    [{ error: { message: 'Incorrect API key' } }, 'Incorrect API key'],
    [{ detail: { message: 'Invalid API key' } }, 'Invalid API key'],
    [{ detail: 'Not authenticated' }, 'Not authenticated'],
    [{ err_msg: 'Invalid credentials.' }, 'Invalid credentials.'],
    [{ error: 'Invalid API key' }, 'Invalid API key'],
    ['<html>Bad gateway</html>', '<html>Bad gateway</html>'],
    [{}, null],
  ])('%j › %s', (body, text) => {
    expect(providerErrorText(body)).toBe(text);
  });
  it('names the provider and the kind of failure', () => {
    expect(failureMessage('Deepgram', 403, {})).toBe('Deepgram rejected the API key (403)');
    expect(failureMessage('OpenAI', 429, { error: { message: 'Slow down' } })).toBe(
      'OpenAI is rate limiting this key (429): Slow down',
    );
    expect(failureMessage('Cartesia', 500, '')).toBe('Cartesia answered 500');
  });
});
