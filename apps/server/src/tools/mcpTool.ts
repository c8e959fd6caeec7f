import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  StreamableHTTPClientTransport,
  StreamableHTTPError,
} from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { toolMaxAnswerBytes, toolMaxTimeoutMs } from '@parley/api-client';
import {
  allowHostsFrom,
  checkOutboundUrl,
  guardedAgent,
  OutboundError,
  requestFetch,
  type FetchFn,
} from '../lib/outbound';
import { ToolError } from './httpTool';

/** A remote MCP server (Streamable HTTP): its URL, headers in the clear, time limit. */
export interface McpSpec {
  url: string;
  headers: Record<string, string>;
  timeoutMs: number;
}

/** One tool an MCP server offers. */
export interface McpToolInfo {
  name: string;
  description: string;
  inputSchema: Record<string, unknown>;
}

const fetches = new Map<string, FetchFn>();

/**
 * The guarded fetch for MCP servers (PARLEY_TOOL_ALLOW_HOSTS, connect-time address check, no
 * redirect followed by it) whose answers stop at 1 MB each.
 */
function mcpFetch(allowList: string | undefined): FetchFn {
  const key = allowList ?? '';
  let base = fetches.get(key);
  if (!base) {
    base = requestFetch(
      guardedAgent({
        allowHost: allowHostsFrom(allowList),
        connectTimeoutMs: toolMaxTimeoutMs,
        headersTimeoutMs: toolMaxTimeoutMs,
        bodyTimeoutMs: toolMaxTimeoutMs,
      }),
    );
    fetches.set(key, base);
  }
  const send = base;
  return async (input, init) => {
    const res = await send(input, init);
    if (!res.body) return res;
    let seen = 0;
    const capped = res.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          seen += chunk.byteLength;
          if (seen > toolMaxAnswerBytes)
            controller.error(
              new ToolError(
                `The MCP server's answer is larger than ${toolMaxAnswerBytes / 1_000_000} MB`,
              ),
            );
          else controller.enqueue(chunk);
        },
      }),
    );
    return new Response(capped, {
      status: res.status,
      statusText: res.statusText,
      headers: res.headers,
    });
  };
}

/** An error and its causes. */
function causes(error: unknown): unknown[] {
  const out: unknown[] = [];
  for (let e = error; e && out.length < 6; e = (e as { cause?: unknown }).cause) out.push(e);
  return out;
}

/** A failure talking to the MCP server, in words the model (and the editor) can use. */
export function mcpFailure(error: unknown, timedOut: boolean, timeoutMs: number): ToolError {
  const chain = causes(error);
  const own = chain.find((e) => e instanceof ToolError);
  if (own) return own as ToolError;
  if (timedOut) return new ToolError(`The MCP server did not answer within ${timeoutMs / 1000} s`);
  const refused = chain.find((e) => e instanceof OutboundError);
  if (refused)
    return new ToolError(`The MCP server's address is refused: ${(refused as Error).message}`);
  const http = chain.find((e) => e instanceof StreamableHTTPError) as
    StreamableHTTPError | undefined;
  if (typeof http?.code === 'number' && http.code >= 400) {
    const detail = http.message.replace(
      /^Streamable HTTP error: (Error POSTing to endpoint: )?/,
      '',
    );
    return new ToolError(
      `The MCP server answered HTTP ${http.code}${detail ? `: ${detail.replace(/\s+/g, ' ').trim().slice(0, 300)}` : ''}`,
    );
  }
  const code = chain.map((e) => (e as { code?: unknown }).code).find((c) => typeof c === 'string');
  if (code) return new ToolError(`The MCP server could not be reached (${String(code)})`);
  const message = chain[0] instanceof Error ? chain[0].message : String(chain[0] ?? '');
  return new ToolError(
    `The MCP server failed: ${message.replace(/\s+/g, ' ').trim().slice(0, 300) || 'unknown error'}`,
  );
}

/**
 * One session with the MCP server for `work`: the URL checked by the outbound guard (again at
 * connect time), the headers sent on every request, the whole session within the time limit
 * (10 s at most), each answer 1 MB at most, redirects only within the server's own origin.
 * Every failure is a ToolError saying what went wrong.
 */
export async function withMcp<T>(
  spec: McpSpec,
  env: Record<string, string | undefined>,
  work: (client: Client, signal: AbortSignal) => Promise<T>,
  signal?: AbortSignal,
): Promise<T> {
  const timeoutMs = Math.min(spec.timeoutMs || toolMaxTimeoutMs, toolMaxTimeoutMs);
  const timeout = AbortSignal.timeout(timeoutMs);
  const all = signal ? AbortSignal.any([signal, timeout]) : timeout;
  let url: URL;
  try {
    url = checkOutboundUrl(spec.url, allowHostsFrom(env.PARLEY_TOOL_ALLOW_HOSTS));
  } catch (error) {
    throw new ToolError(`The MCP server's address is refused: ${(error as Error).message}`);
  }
  const transport = new StreamableHTTPClientTransport(url, {
    requestInit: { headers: spec.headers, signal: all },
    fetch: mcpFetch(env.PARLEY_TOOL_ALLOW_HOSTS) as never,
    redirectPolicy: 'same-origin',
    reconnectionOptions: {
      maxRetries: 0,
      initialReconnectionDelay: 1000,
      maxReconnectionDelay: 1000,
      reconnectionDelayGrowFactor: 1,
    },
  });
  const client = new Client({ name: 'parley', version: '1.0.0' });
  const options = { signal: all, timeout: timeoutMs };
  try {
    await client.connect(transport, options);
    return await work(client, all);
  } catch (error) {
    if (signal?.aborted && !timeout.aborted)
      throw new ToolError('The conversation ended before the MCP server answered');
    throw mcpFailure(error, timeout.aborted, timeoutMs);
  } finally {
    void client.close().catch(() => undefined);
  }
}

/** The MCP server's tools (all pages, at most 200). */
export function listMcpTools(
  spec: McpSpec,
  env: Record<string, string | undefined>,
  signal?: AbortSignal,
): Promise<McpToolInfo[]> {
  return withMcp(
    spec,
    env,
    async (client, all) => {
      const out: McpToolInfo[] = [];
      let cursor: string | undefined;
      do {
        const page = await client.listTools(cursor ? { cursor } : {}, { signal: all });
        for (const t of page.tools)
          out.push({
            name: t.name,
            description: t.description ?? '',
            inputSchema: (t.inputSchema ?? { type: 'object' }) as Record<string, unknown>,
          });
        cursor = page.nextCursor;
      } while (cursor && out.length < 200);
      return out.slice(0, 200);
    },
    signal,
  );
}

/** A tool result as the model reads it: its structured content, else its text parts. */
export function mcpResultOutput(answer: Record<string, unknown>): unknown {
  // (A server of the 2024 protocol may answer `toolResult` instead.)
  if ('toolResult' in answer && !('content' in answer)) return answer.toolResult;
  const result = answer as { content?: unknown; structuredContent?: unknown; isError?: boolean };
  const parts = Array.isArray(result.content)
    ? (result.content as Array<Record<string, unknown>>)
    : [];
  const text = parts
    .map((p) =>
      p.type === 'text'
        ? String(p.text ?? '')
        : p.type === 'resource' && p.resource && typeof p.resource === 'object'
          ? String((p.resource as { text?: unknown }).text ?? '')
          : `[${String(p.type)}]`,
    )
    .join('\n');
  if (result.isError) throw new ToolError(text.trim().slice(0, 1000) || 'The MCP tool failed');
  if (result.structuredContent !== undefined) return result.structuredContent;
  return text;
}

/** Calls one of the MCP server's tools. */
export function callMcpTool(
  spec: McpSpec,
  name: string,
  args: unknown,
  env: Record<string, string | undefined>,
  signal?: AbortSignal,
): Promise<unknown> {
  return withMcp(
    spec,
    env,
    async (client, all) =>
      mcpResultOutput(
        await client.callTool(
          { name, arguments: (args ?? {}) as Record<string, unknown> },
          undefined,
          { signal: all },
        ),
      ),
    signal,
  );
}
