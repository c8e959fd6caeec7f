import { createServer, type IncomingMessage, type Server } from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';

/** One call the model makes: a tool name and its arguments. */
export interface FakeToolCall {
  name: string;
  arguments: Record<string, unknown>;
}

/** What the fake model answers to one request: tool calls, or text. */
export type FakeModelMove = { toolCalls: FakeToolCall[] } | { text: string };

interface ChatRequest {
  messages: Array<{ role: string; content?: unknown; tool_calls?: unknown[] }>;
  tools?: Array<{ type: string; function: { name: string } }>;
  tool_choice?: unknown;
  stream?: boolean;
}

export interface FakeToolModel {
  url: string;
  requests: ChatRequest[];
  /**
   * Decides each answer. The default calls `plan`'s tool calls once after the user's message
   * (when the request offers tools), then answers 'The tool said: <last tool message>'.
   */
  decide: (body: ChatRequest) => FakeModelMove;
  plan: FakeToolCall[];
  close(): Promise<void>;
}

/** The tool messages after the last user message (what the tools answered this turn). */
export function toolResultsOf(body: ChatRequest): string[] {
  const lastUser = body.messages.map((m) => m.role).lastIndexOf('user');
  return body.messages
    .slice(lastUser + 1)
    .filter((m) => m.role === 'tool')
    .map((m) => (typeof m.content === 'string' ? m.content : JSON.stringify(m.content)));
}

async function readBody(req: IncomingMessage): Promise<ChatRequest> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as ChatRequest;
}

/**
 * An OpenAI-compatible chat-completions endpoint (SSE) on loopback that calls tools, so the real
 * AI SDK provider code and tool loop run against it (through an agent's model_live_url).
 */
export async function startFakeToolModel(): Promise<FakeToolModel> {
  let callCounter = 0;
  const state: FakeToolModel = {
    url: '',
    requests: [],
    plan: [],
    decide: (body) => {
      const results = toolResultsOf(body);
      if (body.tools?.length && results.length === 0 && state.plan.length)
        return { toolCalls: state.plan };
      return { text: results.length ? `The tool said: ${results.at(-1)}` : 'No tool was used.' };
    },
    close: async () => {},
  };
  const server: Server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      state.requests.push(body);
      if (!req.url?.endsWith('/chat/completions')) return void res.writeHead(404).end();
      const move = state.decide(body);
      const base = {
        id: 'chatcmpl-t',
        created: 1700000000,
        model: 'fake-tools',
        object: 'chat.completion.chunk',
      };
      res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
      const send = (obj: unknown) =>
        res.write(`data: ${JSON.stringify({ ...base, ...(obj as object) })}\n\n`);
      send({
        choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }],
      });
      if ('toolCalls' in move) {
        move.toolCalls.forEach((call, index) => {
          callCounter += 1;
          send({
            choices: [
              {
                index: 0,
                delta: {
                  tool_calls: [
                    {
                      index,
                      id: `call_${callCounter}`,
                      type: 'function',
                      function: { name: call.name, arguments: JSON.stringify(call.arguments) },
                    },
                  ],
                },
                finish_reason: null,
              },
            ],
          });
        });
      } else {
        for (const word of move.text.match(/\S+\s*/g) ?? [move.text])
          send({ choices: [{ index: 0, delta: { content: word }, finish_reason: null }] });
      }
      send({
        choices: [
          { index: 0, delta: {}, finish_reason: 'toolCalls' in move ? 'tool_calls' : 'stop' },
        ],
        usage: { prompt_tokens: 7, completion_tokens: 3, total_tokens: 10 },
      });
      res.end('data: [DONE]\n\n');
    })();
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = () => new Promise((resolve) => server.close(() => resolve()));
  return state;
}

export interface FakeToolServer {
  url: string;
  requests: Array<{
    method: string;
    path: string;
    headers: IncomingMessage['headers'];
    body: string;
  }>;
  /** How the next requests are answered. */
  answer: { status: number; body: string; type: string; delayMs: number; location?: string };
  close(): Promise<void>;
}

/** A tool's HTTP endpoint on loopback that records what it was sent. */
export async function startFakeToolServer(): Promise<FakeToolServer> {
  const state: FakeToolServer = {
    url: '',
    requests: [],
    answer: {
      status: 200,
      body: '{"slots":["10:00","14:30"]}',
      type: 'application/json',
      delayMs: 0,
    },
    close: async () => {},
  };
  const server: Server = createServer((req, res) => {
    void (async () => {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      state.requests.push({
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      const a = state.answer;
      if (a.delayMs) await new Promise((r) => setTimeout(r, a.delayMs));
      if (res.destroyed) return;
      res.writeHead(a.status, {
        'Content-Type': a.type,
        ...(a.location ? { Location: a.location } : {}),
      });
      res.end(a.body);
    })();
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return state;
}
