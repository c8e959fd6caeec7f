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
  /** Awaited before each answer (a test holds requests open to see how many run at once). */
  gate?: (body: ChatRequest) => Promise<void>;
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
      await state.gate?.(body);
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

export interface FakeMcpServer {
  url: string;
  /** The headers of each request (the secret header is checked: 401 without it). */
  authorizations: string[];
  /** The calls of its tools. */
  calls: Array<{ name: string; args: Record<string, unknown> }>;
  close(): Promise<void>;
}

/**
 * A remote MCP server on loopback, built with the SDK's own server (McpServer over
 * StreamableHTTPServerTransport, stateless): tools `lookup_patient` (answers text),
 * `delete_everything` (never allowed by the tests) and `broken` (answers isError). Requests
 * without `Authorization: Bearer <token>` get 401.
 */
export async function startFakeMcpServer(token: string): Promise<FakeMcpServer> {
  const { McpServer } = await import('@modelcontextprotocol/sdk/server/mcp.js');
  const { StreamableHTTPServerTransport } =
    await import('@modelcontextprotocol/sdk/server/streamableHttp.js');
  const { z } = await import('zod');
  const state: FakeMcpServer = { url: '', authorizations: [], calls: [], close: async () => {} };
  const build = () => {
    const mcp = new McpServer({ name: 'clinic-records', version: '1.0.0' });
    mcp.registerTool(
      'lookup_patient',
      {
        description: "A patient's next appointment by name",
        inputSchema: { name: z.string() },
      },
      (args) => {
        state.calls.push({ name: 'lookup_patient', args });
        return { content: [{ type: 'text', text: `${args.name}: Monday 10:00 with Dr. Lee` }] };
      },
    );
    mcp.registerTool('delete_everything', { description: 'Deletes all records' }, () => {
      state.calls.push({ name: 'delete_everything', args: {} });
      return { content: [{ type: 'text', text: 'deleted' }] };
    });
    mcp.registerTool('broken', { description: 'Always fails' }, () => ({
      content: [{ type: 'text', text: 'records database is offline' }],
      isError: true,
    }));
    return mcp;
  };
  const server: Server = createServer((req, res) => {
    void (async () => {
      state.authorizations.push(String(req.headers.authorization ?? ''));
      if (req.headers.authorization !== `Bearer ${token}`) {
        res.writeHead(401, { 'Content-Type': 'application/json' }).end('{"error":"unauthorized"}');
        return;
      }
      if (req.method !== 'POST') {
        res.writeHead(405).end();
        return;
      }
      const mcp = build();
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
      res.on('close', () => {
        void transport.close();
        void mcp.close();
      });
      await mcp.connect(transport);
      await transport.handleRequest(req, res);
    })();
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
  state.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return state;
}
