import { delay, http, HttpResponse } from 'msw';
import { versionsBackend, type VersionsBackendOptions } from './versionHandlers';
import type { ChatMessage } from '../chat/chatSession';
import {
  runtimeChatRequestSchema,
  type AgentConfig,
  type RuntimeStreamEvent,
} from '@parley/api-client';

/**
 * MSW handlers for the chat runtime and the agent detail, typed by the contract
 * (@parley/api-client schemas/runtime.ts, agents.ts, app.ts, model.ts).
 */

export const storyRuntimeUrl = 'http://localhost:3000/v1';
export const storyAgentKey = 'app-AbCdEfGhIjKlMnOpQrStUvWx';
export const storyAppId = '0f8fad5b-d9cb-469f-a165-70867728950e';

/** The agent as GET /api/agents/info/{name} answers it. */
export const fixtureAgentConfig: AgentConfig = {
  agent_name: 'support_123e4567_e89b_12d3_a456_426614174000',
  name: 'support_123e4567_e89b_12d3_a456_426614174000',
  status: 'active',
  description: 'Answers questions about opening hours, bookings and the clinic’s services.',
  organization_id: 'org_1',
  chatbot_api: storyRuntimeUrl,
  chatbot_key: storyAgentKey,
  initial_message: 'Hello! How can I help you today?',
  model_provider: 'langgenius/openai/openai',
  model_name: 'gpt-4o',
};

/** An agent with no agent URL or key (the chat and widgets say so). */
export const fixtureAgentWithoutApi: AgentConfig = {
  ...fixtureAgentConfig,
  agent_name: 'draft_desk_9b2f0c1e_4d3a_4b5c_8e7f_0a1b2c3d4e5f',
  name: 'Draft desk',
  status: 'draft',
  chatbot_api: null,
  chatbot_key: null,
};

export const storyAnswer = `Here are our **opening hours**:

- Monday to Friday: 8:00 to 18:00
- Saturday: 9:00 to 14:00
- Sunday: closed

You can book online or call us. See [our booking page](https://example.com/book) for details.`;

export interface ChatRuntimeOptions {
  /** The whole answer (default: a markdown list of opening hours). */
  answer?: string | ((query: string) => string);
  /** Wait before the first text arrives (the panel shows 'Thinking...'). Default 600 ms. */
  firstDeltaMs?: number;
  /** Wait between words. Default 80 ms. */
  deltaMs?: number;
  /** The offline responder answered (message_end metadata.offline). */
  offline?: boolean;
  /** After this many words, an SSE error event ends the stream. */
  failAfterWords?: number;
  /** Never send anything (the reply stays pending). */
  hang?: boolean;
}

function words(text: string): string[] {
  return text.match(/\s*\S+\s*/g) ?? [text];
}

const encoder = new TextEncoder();
const sse = (event: RuntimeStreamEvent) => encoder.encode(`data: ${JSON.stringify(event)}\n\n`);
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A fake `POST {any origin}/v1/chat-messages` that validates the request with the contract and streams
 * the answer slowly, word by word, as SSE `data:` events (message …, then message_end).
 */
export function chatRuntime(options: ChatRuntimeOptions = {}) {
  let turn = 0;
  // The public runtime, and the console's test chat (/api/chatbot/chat-messages?version=…).
  return http.post(/\/(v1|api\/chatbot)\/chat-messages(\?.*)?$/, async ({ request }) => {
    if (!request.headers.get('Authorization')?.startsWith('Bearer ')) {
      return HttpResponse.json({ error: 'Missing API key' }, { status: 401 });
    }
    const parsed = runtimeChatRequestSchema.safeParse(await request.json());
    if (!parsed.success) {
      return HttpResponse.json(
        { error: parsed.error.issues[0]?.message ?? 'Invalid request' },
        { status: 400 },
      );
    }
    if (options.hang) await delay('infinite');
    turn += 1;
    const body = parsed.data;
    const conversationId = body.conversation_id || 'conv-story-1';
    const messageId = `msg-story-${turn}`;
    const answer =
      typeof options.answer === 'function'
        ? options.answer(body.query)
        : (options.answer ?? storyAnswer);
    const stream = new ReadableStream<Uint8Array>({
      async start(controller) {
        await wait(options.firstDeltaMs ?? 600);
        const parts = words(answer);
        for (const [index, part] of parts.entries()) {
          if (options.failAfterWords !== undefined && index >= options.failAfterWords) {
            controller.enqueue(
              sse({ event: 'error', message: 'The model provider is unavailable', status: 502 }),
            );
            controller.close();
            return;
          }
          controller.enqueue(
            sse({
              event: 'message',
              message_id: messageId,
              conversation_id: conversationId,
              answer: part,
              created_at: 1735725600,
            }),
          );
          await wait(options.deltaMs ?? 80);
        }
        controller.enqueue(
          sse({
            event: 'message_end',
            message_id: messageId,
            conversation_id: conversationId,
            metadata: { offline: options.offline ?? false },
          }),
        );
        controller.close();
      },
    });
    return new HttpResponse(stream, {
      headers: { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' },
    });
  });
}

/** The runtime refusing the request (e.g. a revoked key or a provider outage). */
export function chatRuntimeError(status = 502, error = 'The model provider is unavailable') {
  return http.post(/\/(v1|api\/chatbot)\/chat-messages(\?.*)?$/, async () => {
    await delay(300);
    return HttpResponse.json({ error }, { status });
  });
}

export interface AgentDetailBackendOptions {
  agent?: AgentConfig;
  /** GET /api/agents/info fails with this status. */
  infoStatus?: number;
  /** Delay of the info answer ('infinite' keeps it loading). */
  latencyMs?: number | 'infinite';
  /** get-app-by-key finds nothing. */
  appMissing?: boolean;
  /** publish-agent answers this status with an error. */
  publishStatus?: number;
  /** Delay of publish-agent. */
  publishLatencyMs?: number | 'infinite';
  /** The agent's versions and draft. */
  versions?: VersionsBackendOptions;
}

/**
 * GET /api/agents/info/:name, POST /api/app/get-app-by-key and POST /api/publish-agent (any
 * origin), and the agent's versions and draft (versionHandlers.ts).
 */
export function agentDetailBackend(options: AgentDetailBackendOptions = {}) {
  const agent = options.agent ?? fixtureAgentConfig;
  return [
    ...versionsBackend(options.versions),
    http.get('*/api/agents/info/:name', async ({ params }) => {
      await delay(options.latencyMs ?? 50);
      if (options.infoStatus && options.infoStatus >= 400) {
        return HttpResponse.json(
          { success: false, error: 'Agent service unavailable' },
          { status: options.infoStatus },
        );
      }
      return HttpResponse.json({ ...agent, agent_name: String(params.name) } satisfies AgentConfig);
    }),
    http.post('*/api/app/get-app-by-key', async () => {
      await delay(50);
      return options.appMissing
        ? HttpResponse.json({ success: false, error: 'App not found' }, { status: 404 })
        : HttpResponse.json({ appId: storyAppId });
    }),
    http.post('*/api/publish-agent', async () => {
      await delay(options.publishLatencyMs ?? 400);
      return options.publishStatus && options.publishStatus >= 400
        ? HttpResponse.json(
            { success: false, error: 'The app is archived' },
            { status: options.publishStatus },
          )
        : HttpResponse.json({
            success: true,
            message: 'Agent published',
            published_at: '2026-11-27T09:00:00Z',
            version: 3,
          });
    }),
  ];
}

// ---------- message fixtures (views' stories) ----------

const at = (minute: number) => `2025-01-01T10:${String(minute).padStart(2, '0')}:00.000Z`;

export const longMarkdownAnswer = `# Booking guide

Here is everything you need to know before your visit. **Please read it all**, it saves time at the front desk.

## Opening hours

| Day | Hours |
|---|---|
| Monday to Friday | 8:00 – 18:00 |
| Saturday | 9:00 – 14:00 |
| Sunday | closed |

## What to bring

1. Your insurance card
2. A photo ID
3. A list of the medicines you take, with doses — for example \`metformin 500 mg twice a day\`

> Arrive 10 minutes early for your first visit so we can register you.

### Booking by API

\`\`\`bash
curl -X POST https://clinic.example.com/api/appointments -H "Content-Type: application/json" -d '{"service":"pediatrics","date":"2025-01-06"}'
\`\`\`

Questions? Visit [the help centre](https://example.com/help) or reply here.

A very long word that must wrap: Pneumonoultramicroscopicsilicovolcanoconiosis_and_a_url_https://example.com/a/very/long/path/that/keeps/going/and/going`;

export const chatFixtures = {
  user: { id: 'u1', type: 'user', message: 'What are your opening hours?', timestamp: at(0) },
  answer: { id: 'b1', type: 'bot', message: storyAnswer, timestamp: at(1) },
  followUp: { id: 'u2', type: 'user', message: 'And on Sunday?', timestamp: at(2) },
  streaming: {
    id: 'b2',
    type: 'bot',
    message: 'We are **closed** on Sunday, but you can',
    timestamp: at(2),
    streaming: true,
  },
  failed: {
    id: 'b3',
    type: 'bot',
    message: 'Sorry, I encountered an error. Please try again.',
    timestamp: at(3),
    error: true,
    errorDetail: 'The model provider is unavailable',
  },
  offline: {
    id: 'b4',
    type: 'bot',
    message:
      'From the clinic handbook: *Sunday: closed.* For urgent care call the emergency number.',
    timestamp: at(3),
    offline: true,
  },
  stopped: {
    id: 'b5',
    type: 'bot',
    message: 'Once upon a time there was a clinic that',
    timestamp: at(4),
    stopped: true,
  },
  long: { id: 'b6', type: 'bot', message: longMarkdownAnswer, timestamp: at(5) },
  greeting: {
    id: 'initial-message',
    type: 'bot',
    message: 'Hello! How can I help you today?',
    timestamp: at(0),
  },
} satisfies Record<string, ChatMessage>;

/** The runtime answering from the offline responder (the clinic handbook), quickly. */
export const offlineHandbookRuntime = () =>
  chatRuntime({
    firstDeltaMs: 200,
    deltaMs: 20,
    offline: true,
    answer: 'From the clinic handbook: **Sunday: closed.**',
  });
