import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { llm } from '@livekit/agents';
import type { VoiceChatLine } from '@parley/api-client';
import { ParleyLLM, toolFiller, type RuntimeAnswer } from './parleyLlm';
import { ServerClient } from './serverClient';

// A stand-in for the server's /voice/internal chat route (the real one: test/callAudio.test.ts).
let handle: (req: IncomingMessage, res: ServerResponse, body: string) => void;
const requests: Array<{ method?: string; url?: string; auth?: string; body: string }> = [];
let connections = 0;
const server = createServer((req, res) => {
  let body = '';
  req.setEncoding('utf8');
  req.on('data', (c: string) => (body += c));
  req.on('end', () => {
    requests.push({ method: req.method, url: req.url, auth: req.headers.authorization, body });
    if (req.url === '/parley/healthz') res.end('{"status":"ok"}');
    else handle(req, res, body);
  });
});
server.on('connection', () => connections++);
let client: ServerClient;

beforeAll(async () => {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  client = new ServerClient({ baseUrl: `http://127.0.0.1:${port}/parley/`, secret: 's3cret' });
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

const collect = async (lines: AsyncIterable<unknown>) => {
  const out: unknown[] = [];
  for await (const l of lines) out.push(l);
  return out;
};

describe('ServerClient.chat', () => {
  it('streams the NDJSON lines as they come, also when a line is split across chunks', async () => {
    handle = (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/x-ndjson' });
      res.write('{"delta":"The"}\n{"del');
      setTimeout(
        () => res.end('ta":" clinic"}\n{"end":true,"message_id":"m1","offline":false}'),
        5,
      );
    };
    expect(await collect(client.chat('call-1', 'what are your opening hours'))).toEqual([
      { delta: 'The' },
      { delta: ' clinic' },
      { end: true, message_id: 'm1', offline: false },
    ]);
    const sent = requests.at(-1)!;
    expect(sent).toMatchObject({
      method: 'POST',
      url: '/parley/voice/internal/calls/call-1/chat',
      auth: 'Bearer s3cret',
    });
    expect(JSON.parse(sent.body)).toEqual({ query: 'what are your opening hours' });
  });

  it("an answer that is not 2xx throws with the server's detail", async () => {
    handle = (_req, res) => {
      res.writeHead(404, { 'Content-Type': 'application/json' });
      res.end('{"success":false,"detail":"Call not found"}');
    };
    await expect(collect(client.chat('call-2', 'hi'))).rejects.toThrow(
      'POST /voice/internal/calls/call-2/chat: Call not found',
    );
  });

  it('warm() opens the connection the next turn takes', async () => {
    handle = (_req, res) => res.end('{"end":true,"message_id":"m2","offline":true}\n');
    const { port } = server.address() as AddressInfo;
    const fresh = new ServerClient({
      baseUrl: `http://127.0.0.1:${port}/parley`,
      secret: 's3cret',
    });
    const before = connections;
    fresh.warm();
    await new Promise<void>((resolve) => {
      const check = () =>
        requests.at(-1)?.url === '/parley/healthz' ? resolve() : setTimeout(check, 5);
      check();
    });
    await new Promise((r) => setTimeout(r, 20));
    expect(connections - before).toBe(1);
    await collect(fresh.chat('call-3', 'hi'));
    expect(connections - before).toBe(1);
    expect(requests.at(-1)!.url).toBe('/parley/voice/internal/calls/call-3/chat');
  });

  it("prepare() sends the caller's words ahead on the turn connections; a failure is only lost time", async () => {
    handle = (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end('{"ready":true}');
    };
    client.prepare('call-5', 'what are your opening hours');
    await new Promise<void>((resolve) => {
      const check = () =>
        requests.at(-1)?.url?.endsWith('/prepare') ? resolve() : setTimeout(check, 5);
      check();
    });
    expect(requests.at(-1)).toMatchObject({
      method: 'POST',
      url: '/parley/voice/internal/calls/call-5/prepare',
      auth: 'Bearer s3cret',
    });
    expect(JSON.parse(requests.at(-1)!.body)).toEqual({ query: 'what are your opening hours' });
    // Nothing listening: no error escapes.
    const nowhere = new ServerClient({ baseUrl: 'http://127.0.0.1:9/', secret: 's3cret' });
    nowhere.prepare('call-6', 'hi');
    await new Promise((r) => setTimeout(r, 50));
  });

  it('an aborted turn stops reading', async () => {
    handle = (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/x-ndjson' });
      res.write('{"delta":"The"}\n');
    };
    const abort = new AbortController();
    const seen: unknown[] = [];
    await expect(
      (async () => {
        for await (const line of client.chat('call-4', 'hi', abort.signal)) {
          seen.push(line);
          abort.abort();
        }
      })(),
    ).rejects.toThrow();
    expect(seen).toEqual([{ delta: 'The' }]);
  });
});

describe('ParleyLLM: a filler while a slow tool runs', () => {
  async function spoken(lines: Array<VoiceChatLine | number>, fillerDelayMs: number) {
    const server = {
      async *chat() {
        for (const line of lines) {
          if (typeof line === 'number') await new Promise((r) => setTimeout(r, line));
          else yield line;
        }
      },
    } as unknown as ServerClient;
    const answers: RuntimeAnswer[] = [];
    const model = new ParleyLLM(
      server,
      () => 'call-1',
      (a) => answers.push(a),
      fillerDelayMs,
    );
    const chatCtx = llm.ChatContext.empty();
    chatCtx.addMessage({ role: 'user', content: 'book me in' });
    let text = '';
    for await (const chunk of model.chat({ chatCtx })) text += chunk.delta?.content ?? '';
    return { text, answers };
  }
  const end = {
    end: true as const,
    message_id: 'm1',
    offline: false,
    actions: { end_call: { reason: null } },
  };

  it('says "One moment, please." once when a tool runs longer than the delay, and passes the actions on', async () => {
    const slow = await spoken(
      [
        { delta: 'Let me check' },
        { tool_started: 'slots' },
        80,
        { tool_done: 'slots' },
        { delta: 'Ten.' },
        end,
      ],
      20,
    );
    expect(slow.text).toBe(`Let me check. ${toolFiller}Ten.`);
    expect(slow.answers[0]).toMatchObject({
      messageId: 'm1',
      actions: { end_call: { reason: null } },
    });
    // A tool quicker than the delay: no filler.
    const quick = await spoken(
      [{ tool_started: 'slots' }, { tool_done: 'slots' }, 60, { delta: 'Ten.' }, end],
      20,
    );
    expect(quick.text).toBe('Ten.');
  });
});
