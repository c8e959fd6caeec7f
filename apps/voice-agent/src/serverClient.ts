import http from 'node:http';
import https from 'node:https';
import {
  voiceCallStartResponseSchema,
  voiceChatLineSchema,
  voiceWorkerConfigSchema,
  type VoiceChatLine,
  type VoiceWorkerConfig,
} from '@parley/api-client';
import type { CallToken } from '@parley/api-client/call-token';
import type { EndedBy, UtteranceKind } from './callBehaviour';

export interface ServerClientOptions {
  /** The Parley server, e.g. http://localhost:3000 (PARLEY_SERVER_URL). */
  baseUrl: string;
  /** PARLEY_WORKER_SECRET: the same value the server has. */
  secret: string;
  fetch?: typeof fetch;
}

export interface TurnFigures {
  latency_ms: number;
  llm_ttft_ms?: number;
  tts_ttfb_ms?: number;
  end_of_turn_delay_ms?: number;
}

/** The server's internal voice endpoints (/voice/internal), authorised by the worker secret. */
export class ServerClient {
  private readonly doFetch: typeof fetch;
  /**
   * The connections caller turns take (node:http, kept alive): a turn's request and its streamed
   * lines skip fetch's web streams, which cost the first token a millisecond and, on a worker
   * busy with audio, several at the tail.
   */
  private readonly turnAgent: http.Agent;
  private readonly base: URL;
  constructor(private readonly options: ServerClientOptions) {
    if (!options.secret) throw new Error('PARLEY_WORKER_SECRET is not set');
    this.doFetch = options.fetch ?? fetch;
    this.base = new URL(options.baseUrl.replace(/\/$/, '') + '/');
    this.turnAgent = new (this.base.protocol === 'https:' ? https.Agent : http.Agent)({
      keepAlive: true,
      scheduling: 'lifo',
      // An idle connection is closed here before the server's keep-alive timeout (Node's 5 s)
      // closes it, so a turn never writes into a connection the server is closing.
      timeout: 4000,
    });
  }

  /** One request on the turn connections; resolves with the response once its head arrived. */
  private turnRequest(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    signal?: AbortSignal,
  ): Promise<http.IncomingMessage> {
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const url = new URL(path.replace(/^\//, ''), this.base);
    const send = url.protocol === 'https:' ? https.request : http.request;
    return new Promise((resolve, reject) => {
      const req = send(
        url,
        {
          method,
          agent: this.turnAgent,
          signal,
          headers: {
            Authorization: `Bearer ${this.options.secret}`,
            ...(payload
              ? { 'Content-Type': 'application/json', 'Content-Length': payload.length }
              : {}),
          },
        },
        resolve,
      );
      req.once('error', reject);
      req.end(payload);
    });
  }

  /**
   * Makes sure a connection to the server is open for the coming caller turn (GET /healthz on the
   * connections turns take): between turns a call is silent for longer than connections are kept
   * idle, and a turn would otherwise open a new one (TCP, TLS) before its first token.
   */
  warm(): void {
    this.turnRequest('GET', '/healthz')
      .then((res) => res.resume())
      .catch(() => undefined);
  }

  /**
   * The caller's words so far, final but before the framework is sure the caller has finished:
   * the server reads the turn's history and retrieval now, and the turn asking exactly these
   * words takes them (off its critical path). Fire and forget: a failure only loses the head start.
   */
  prepare(callId: string, query: string): void {
    this.turnRequest('POST', `/voice/internal/calls/${callId}/prepare`, { query })
      .then((res) => res.resume())
      .catch(() => undefined);
  }

  private async request(path: string, init: RequestInit = {}): Promise<Response> {
    const res = await this.doFetch(
      `${this.options.baseUrl.replace(/\/$/, '')}/voice/internal${path}`,
      {
        ...init,
        headers: {
          Authorization: `Bearer ${this.options.secret}`,
          'Content-Type': 'application/json',
          ...(init.headers ?? {}),
        },
      },
    );
    if (!res.ok) {
      let detail = `HTTP ${res.status}`;
      try {
        const body = (await res.json()) as { detail?: string };
        if (body.detail) detail = body.detail;
      } catch {
        /* not JSON */
      }
      throw new Error(`${init.method ?? 'GET'} /voice/internal${path}: ${detail}`);
    }
    return res;
  }

  private post(path: string, body: unknown, signal?: AbortSignal) {
    return this.request(path, { method: 'POST', body: JSON.stringify(body), signal });
  }

  /**
   * Takes the call the server signed this token for (once: a second use is refused); resolves
   * with the call's id.
   */
  async claimCall(callToken: CallToken): Promise<string> {
    const res = await this.post('/calls', { call_token: callToken });
    return voiceCallStartResponseSchema.parse(await res.json()).conversation_id;
  }

  /** What the live call needs of its agent (voice, transcriber and their keys, behaviour). */
  async callAgent(callId: string): Promise<VoiceWorkerConfig> {
    const res = await this.request(`/calls/${callId}/agent`);
    return voiceWorkerConfigSchema.parse(await res.json());
  }

  /** The call speaks or listens with the keyless local fallback. */
  async offlineVoice(callId: string): Promise<void> {
    await this.post(`/calls/${callId}/offline-voice`, { offline_voice: true });
  }

  async addUtterance(callId: string, text: string, kind: UtteranceKind): Promise<void> {
    await this.post(`/calls/${callId}/messages`, { text, kind });
  }

  async turnFigures(callId: string, messageId: string, figures: TurnFigures): Promise<void> {
    await this.post(`/calls/${callId}/metrics`, { message_id: messageId, ...figures });
  }

  /** transfer_call: the server redirects the call's phone leg to the number (409 without one). */
  async transferCall(callId: string, number: string): Promise<void> {
    await this.post(`/calls/${callId}/transfer`, { number });
  }

  async endCall(callId: string, endedBy: EndedBy, reason: string): Promise<void> {
    await this.post(`/calls/${callId}/end`, {
      ended_by: endedBy,
      end_reason: reason.slice(0, 500),
    });
  }

  /** One caller turn through the agent runtime: NDJSON lines as they arrive. */
  async *chat(callId: string, query: string, signal?: AbortSignal): AsyncGenerator<VoiceChatLine> {
    const path = `/voice/internal/calls/${callId}/chat`;
    const res = await this.turnRequest('POST', path, { query }, signal);
    res.setEncoding('utf8');
    if ((res.statusCode ?? 0) < 200 || (res.statusCode ?? 0) >= 300) {
      let text = '';
      for await (const chunk of res) text += chunk as string;
      let detail = `HTTP ${res.statusCode}`;
      try {
        const parsed = JSON.parse(text) as { detail?: string };
        if (parsed.detail) detail = parsed.detail;
      } catch {
        /* not JSON */
      }
      throw new Error(`POST ${path}: ${detail}`);
    }
    let pending = '';
    for await (const chunk of res) {
      pending += chunk as string;
      let newline: number;
      while ((newline = pending.indexOf('\n')) >= 0) {
        const line = pending.slice(0, newline).trim();
        pending = pending.slice(newline + 1);
        if (line) yield voiceChatLineSchema.parse(JSON.parse(line));
      }
    }
    if (pending.trim()) yield voiceChatLineSchema.parse(JSON.parse(pending));
  }
}
