import {
  voiceCallStartResponseSchema,
  voiceChatLineSchema,
  voiceWorkerConfigSchema,
  type VoiceCallStartRequest,
  type VoiceChatLine,
  type VoiceWorkerConfig,
} from '@parley/api-client';
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
  constructor(private readonly options: ServerClientOptions) {
    if (!options.secret) throw new Error('PARLEY_WORKER_SECRET is not set');
    this.doFetch = options.fetch ?? fetch;
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

  async agentConfig(agentName: string): Promise<VoiceWorkerConfig> {
    const res = await this.request(`/agents/${encodeURIComponent(agentName)}/config`);
    return voiceWorkerConfigSchema.parse(await res.json());
  }

  async startCall(body: VoiceCallStartRequest): Promise<string> {
    const res = await this.post('/calls', body);
    return voiceCallStartResponseSchema.parse(await res.json()).conversation_id;
  }

  async addUtterance(callId: string, text: string, kind: UtteranceKind): Promise<void> {
    await this.post(`/calls/${callId}/messages`, { text, kind });
  }

  async turnFigures(callId: string, messageId: string, figures: TurnFigures): Promise<void> {
    await this.post(`/calls/${callId}/metrics`, { message_id: messageId, ...figures });
  }

  async endCall(callId: string, endedBy: EndedBy, reason: string): Promise<void> {
    await this.post(`/calls/${callId}/end`, {
      ended_by: endedBy,
      end_reason: reason.slice(0, 500),
    });
  }

  /** One caller turn through the agent runtime: NDJSON lines as they arrive. */
  async *chat(callId: string, query: string, signal?: AbortSignal): AsyncGenerator<VoiceChatLine> {
    const res = await this.post(`/calls/${callId}/chat`, { query }, signal);
    if (!res.body) return;
    const decoder = new TextDecoder();
    let pending = '';
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      pending += decoder.decode(chunk, { stream: true });
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
