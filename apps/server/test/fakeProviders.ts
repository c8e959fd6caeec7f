import { createServer, type IncomingMessage, type Server } from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';

export interface FakeProvider {
  url: string;
  requests: Array<{
    path: string;
    headers: IncomingMessage['headers'];
    body: Record<string, unknown>;
  }>;
  /**
   * The next answers' words; `fail` makes the next call answer 500; `delayMs` paces streamed words;
   * `html` answers a web page with status 200 (not the OpenAI wire format); `foreignJson` answers
   * JSON (and SSE of JSON) that is not the OpenAI format (`{"output": …}`).
   */
  reply: { words: string[]; fail: boolean; delayMs: number; html: boolean; foreignJson?: boolean };
  /** Streamed answers whose connection the caller closed before the end. */
  abandoned: number;
  /** Streamed answers sent to the end. */
  completed: number;
  close(): Promise<void>;
}

/** Words → a normalized 1536-d bag-of-words vector; a few synonyms share a dimension ('weekend' ~ 'saturday'). */
const synonyms: Record<string, string> = {
  weekend: 'saturday',
  car: 'parking',
  automobile: 'parking',
};
export function fakeEmbedding(text: string): number[] {
  const v = new Array<number>(1536).fill(0);
  for (const raw of text.toLowerCase().match(/[a-z]+/g) ?? []) {
    const word = Object.hasOwn(synonyms, raw) ? synonyms[raw]! : raw;
    let h = 0;
    for (const ch of word) h = (h * 31 + ch.charCodeAt(0)) % 1536;
    v[h]! += 1;
  }
  const norm = Math.sqrt(v.reduce((a, b) => a + b * b, 0)) || 1;
  return v.map((x) => x / norm);
}

async function readBody(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
}

/**
 * A local HTTP server speaking the providers' own wire formats, so the real AI SDK provider code
 * runs: OpenAI chat completions (JSON and SSE) and Anthropic messages (SSE).
 */
export async function startFakeProvider(): Promise<FakeProvider> {
  const state: FakeProvider = {
    url: '',
    requests: [],
    reply: {
      words: ['Hello', ' from', ' the', ' fake', ' model.'],
      fail: false,
      delayMs: 0,
      html: false,
    },
    abandoned: 0,
    completed: 0,
    close: async () => {},
  };
  const server: Server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      state.requests.push({ path: req.url ?? '', headers: req.headers, body });
      if (state.reply.fail) {
        // A retryable 500 with the provider's own short Retry-After (as OpenAI sends): the runtime
        // retries once after 10 ms instead of its 2 s backoff.
        res.writeHead(500, { 'Content-Type': 'application/json', 'retry-after-ms': '10' });
        res.end(JSON.stringify({ error: { message: 'upstream exploded', type: 'server_error' } }));
        return;
      }
      const words = state.reply.words;
      const delayMs = state.reply.delayMs;
      if (state.reply.html) {
        res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
        res.end('<!doctype html><html><body><h1>Welcome to nginx!</h1></body></html>');
        return;
      }
      if (state.reply.foreignJson) {
        const other = { output: words.join(''), engine: 'not-openai' };
        if (body.stream) {
          res.writeHead(200, { 'Content-Type': 'text/event-stream' });
          res.end(`data: ${JSON.stringify(other)}\n\ndata: [DONE]\n\n`);
        } else {
          res.writeHead(200, { 'Content-Type': 'application/json' });
          res.end(JSON.stringify(other));
        }
        return;
      }
      if (req.url?.endsWith('/chat/completions')) {
        const base = { id: 'chatcmpl-1', created: 1700000000, model: String(body.model) };
        if (!body.stream) {
          res.writeHead(200, { 'Content-Type': 'application/json' });
          res.end(
            JSON.stringify({
              ...base,
              object: 'chat.completion',
              choices: [
                {
                  index: 0,
                  message: { role: 'assistant', content: words.join('') },
                  finish_reason: 'stop',
                },
              ],
              usage: {
                prompt_tokens: 5,
                completion_tokens: words.length,
                total_tokens: 5 + words.length,
              },
            }),
          );
          return;
        }
        res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
        let closed = false;
        res.on('close', () => {
          closed = true;
          if (res.writableFinished) state.completed++;
          else state.abandoned++;
        });
        const send = (obj: unknown) => res.write(`data: ${JSON.stringify(obj)}\n\n`);
        send({
          ...base,
          object: 'chat.completion.chunk',
          choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }],
        });
        for (const w of words) {
          if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
          if (closed) return;
          send({
            ...base,
            object: 'chat.completion.chunk',
            choices: [{ index: 0, delta: { content: w }, finish_reason: null }],
          });
        }
        send({
          ...base,
          object: 'chat.completion.chunk',
          choices: [{ index: 0, delta: {}, finish_reason: 'stop' }],
          usage: {
            prompt_tokens: 5,
            completion_tokens: words.length,
            total_tokens: 5 + words.length,
          },
        });
        res.end('data: [DONE]\n\n');
        return;
      }
      if (req.url?.endsWith('/embeddings')) {
        const inputs = Array.isArray(body.input) ? (body.input as string[]) : [String(body.input)];
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(
          JSON.stringify({
            object: 'list',
            model: String(body.model),
            data: inputs.map((text, index) => ({
              object: 'embedding',
              index,
              embedding: fakeEmbedding(text),
            })),
            usage: { prompt_tokens: inputs.length, total_tokens: inputs.length },
          }),
        );
        return;
      }
      if (req.url?.endsWith('/messages')) {
        res.writeHead(200, { 'Content-Type': 'text/event-stream' });
        const send = (event: string, obj: unknown) =>
          res.write(`event: ${event}\ndata: ${JSON.stringify(obj)}\n\n`);
        send('message_start', {
          type: 'message_start',
          message: {
            id: 'msg_1',
            type: 'message',
            role: 'assistant',
            model: String(body.model),
            content: [],
            stop_reason: null,
            stop_sequence: null,
            usage: { input_tokens: 5, output_tokens: 1 },
          },
        });
        send('content_block_start', {
          type: 'content_block_start',
          index: 0,
          content_block: { type: 'text', text: '' },
        });
        for (const w of words) {
          send('content_block_delta', {
            type: 'content_block_delta',
            index: 0,
            delta: { type: 'text_delta', text: w },
          });
        }
        send('content_block_stop', { type: 'content_block_stop', index: 0 });
        send('message_delta', {
          type: 'message_delta',
          delta: { stop_reason: 'end_turn', stop_sequence: null },
          usage: { output_tokens: words.length },
        });
        send('message_stop', { type: 'message_stop' });
        res.end();
        return;
      }
      res.writeHead(404).end();
    })();
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return state;
}
