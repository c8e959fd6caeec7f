import { afterEach, describe, expect, it } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { FetchLike } from '@parley/api-client';
import type { RuntimeStreamEvent } from '@parley/api-client';
import { useChat, type UseChatOptions } from './useChat';
import { chatFailedText, chatStorageKey, type ChatMessage } from './chatSession';

interface Call {
  url: string;
  headers: Record<string, string>;
  body: Record<string, unknown>;
}

/** A fetch whose SSE answers the test writes event by event. */
function sseFetch() {
  const calls: Call[] = [];
  const streams: Array<{
    event: (e: RuntimeStreamEvent) => void;
    end: () => void;
  }> = [];
  let status: { code: number; body: unknown } | null = null;
  const fetch: FetchLike = async (url, init) => {
    calls.push({
      url,
      headers: init?.headers as Record<string, string>,
      body: JSON.parse(String(init?.body)),
    });
    if (status) {
      return new Response(JSON.stringify(status.body), {
        status: status.code,
        statusText: 'Unauthorized',
        headers: { 'Content-Type': 'application/json' },
      });
    }
    const encoder = new TextEncoder();
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
    init?.signal?.addEventListener('abort', () =>
      controller.error(new DOMException('The operation was aborted.', 'AbortError')),
    );
    streams.push({
      event: (e) => controller.enqueue(encoder.encode(`data: ${JSON.stringify(e)}\n\n`)),
      end: () => controller.close(),
    });
    return new Response(body, { headers: { 'Content-Type': 'text/event-stream' } });
  };
  return {
    fetch,
    calls,
    /** The stream of the n-th request, once it was made. */
    stream: async (n = 0) => {
      await waitFor(() => expect(streams[n]).toBeDefined());
      return streams[n]!;
    },
    failWith: (code: number, body: unknown) => void (status = { code, body }),
  };
}

const message = (answer: string, conversation = 'conv-1'): RuntimeStreamEvent => ({
  event: 'message',
  message_id: 'm1',
  conversation_id: conversation,
  answer,
});
const end = (offline = false, conversation = 'conv-1'): RuntimeStreamEvent => ({
  event: 'message_end',
  message_id: 'm1',
  conversation_id: conversation,
  metadata: { offline },
});

function setup(overrides: Partial<UseChatOptions> = {}) {
  const server = sseFetch();
  const props: UseChatOptions = {
    apiUrl: 'http://runtime.test/v1/chat-messages',
    apiKey: 'app-KEY',
    agentId: 'support_1',
    user: 'user_1',
    fetch: server.fetch,
    ...overrides,
  };
  const hook = renderHook((p: UseChatOptions) => useChat(p), { initialProps: props });
  return { ...hook, server, props };
}

afterEach(() => localStorage.clear());

describe('useChat', () => {
  it('given a message › posts it to {chatbot_api}/chat-messages and shows the answer as it streams', async () => {
    const { result, server } = setup();
    let block: unknown;
    act(() => {
      block = result.current.send('  What are your hours?  ');
    });
    expect(block).toBeNull();
    expect(result.current.pending).toBe(true);
    expect(result.current.thinking).toBe(true);
    expect(result.current.messages.map((m) => [m.type, m.message])).toEqual([
      ['user', 'What are your hours?'],
    ]);

    const stream = await server.stream();
    expect(server.calls[0]!.url).toBe('http://runtime.test/v1/chat-messages');
    expect(server.calls[0]!.headers.Authorization).toBe('Bearer app-KEY');
    expect(server.calls[0]!.body).toEqual({
      inputs: {},
      query: 'What are your hours?',
      response_mode: 'streaming',
      conversation_id: '',
      user: 'user_1',
    });

    act(() => stream.event(message('We are open ')));
    await waitFor(() => expect(result.current.messages[1]?.message).toBe('We are open '));
    expect(result.current.thinking).toBe(false);
    expect(result.current.pending).toBe(true);
    expect(result.current.messages[1]?.streaming).toBe(true);

    act(() => {
      stream.event(message('Mon–Fri.'));
      stream.event(end());
      stream.end();
    });
    await waitFor(() => expect(result.current.pending).toBe(false));
    expect(result.current.messages[1]).toMatchObject({
      type: 'bot',
      message: 'We are open Mon–Fri.',
    });
    expect(result.current.messages[1]?.streaming).toBeUndefined();
    expect(result.current.conversationId).toBe('conv-1');
  });

  it('given a second message › continues the same conversation', async () => {
    const { result, server } = setup();
    act(() => void result.current.send('Hi'));
    const first = await server.stream(0);
    act(() => {
      first.event(message('Hello'));
      first.event(end());
      first.end();
    });
    await waitFor(() => expect(result.current.pending).toBe(false));
    act(() => void result.current.send('And Saturday?'));
    await server.stream(1);
    expect(server.calls[1]!.body.conversation_id).toBe('conv-1');
  });

  it('given an answer from the offline responder › marks it offline', async () => {
    const { result, server } = setup();
    act(() => void result.current.send('Hi'));
    const stream = await server.stream();
    act(() => {
      stream.event(message('From the handbook: ...'));
      stream.event(end(true));
      stream.end();
    });
    await waitFor(() => expect(result.current.pending).toBe(false));
    expect(result.current.messages[1]?.offline).toBe(true);
  });

  it('given the runtime refuses › the reply is the spec failure message, with the reason', async () => {
    const { result, server } = setup();
    server.failWith(401, { error: 'Invalid API key' });
    act(() => void result.current.send('Hi'));
    await waitFor(() => expect(result.current.pending).toBe(false));
    expect(result.current.messages[1]).toMatchObject({
      type: 'bot',
      message: chatFailedText,
      error: true,
      errorDetail: 'Invalid API key',
    });
  });

  it('given an error event in the stream › the reply is the failure message', async () => {
    const { result, server } = setup();
    act(() => void result.current.send('Hi'));
    const stream = await server.stream();
    act(() => {
      stream.event({ event: 'error', message: 'Model overloaded' });
      stream.end();
    });
    await waitFor(() => expect(result.current.pending).toBe(false));
    expect(result.current.messages.at(-1)).toMatchObject({
      message: chatFailedText,
      errorDetail: 'Model overloaded',
    });
  });

  it('given stop while streaming › keeps the text so far and ignores the rest', async () => {
    const { result, server } = setup();
    act(() => void result.current.send('Tell me a story'));
    const stream = await server.stream();
    act(() => stream.event(message('Once upon')));
    await waitFor(() => expect(result.current.messages[1]?.message).toBe('Once upon'));
    act(() => result.current.stop());
    expect(result.current.pending).toBe(false);
    expect(result.current.messages[1]).toMatchObject({ message: 'Once upon', stopped: true });
    await new Promise((r) => setTimeout(r, 20));
    expect(result.current.messages).toHaveLength(2);
    expect(result.current.messages.some((m) => m.error)).toBe(false);
  });

  it('blocks sending blank text, a second message while one is pending, and without an agent', async () => {
    const { result, server, rerender, props } = setup();
    expect(result.current.send('   ')).toBe('blank');
    act(() => void result.current.send('one'));
    let second: unknown;
    act(() => {
      second = result.current.send('two');
    });
    expect(second).toBe('pending');
    await server.stream();
    expect(server.calls).toHaveLength(1);

    rerender({ ...props, agentId: null });
    expect(result.current.send('hi')).toBe('no-agent');
    rerender({ ...props, agentId: 'other', apiKey: null });
    expect(result.current.configured).toBe(false);
    expect(result.current.send('hi')).toBe('not-configured');
    expect(server.calls).toHaveLength(1);
  });

  it("keeps the finished conversation in localStorage under 'parley.chat.{agentId}'", async () => {
    const first = setup();
    act(() => void first.result.current.send('Hi'));
    const stream = await first.server.stream();
    expect(localStorage.getItem(chatStorageKey('support_1'))).toBeNull();
    act(() => {
      stream.event(message('Hello'));
      stream.event(end());
      stream.end();
    });
    await waitFor(() => expect(first.result.current.pending).toBe(false));
    const saved = JSON.parse(localStorage.getItem('parley.chat.support_1')!);
    expect(saved.conversationId).toBe('conv-1');
    expect(saved.messages.map((m: ChatMessage) => m.message)).toEqual(['Hi', 'Hello']);
    first.unmount();

    const again = setup();
    expect(again.result.current.messages.map((m) => m.message)).toEqual(['Hi', 'Hello']);
    expect(again.result.current.conversationId).toBe('conv-1');
    act(() => again.result.current.clear());
    expect(again.result.current.messages).toEqual([]);
    expect(again.result.current.conversationId).toBe('');
    expect(localStorage.getItem('parley.chat.support_1')).toBeNull();
  });

  it('given another agent › loads that agent’s own conversation', async () => {
    localStorage.setItem(
      chatStorageKey('b'),
      JSON.stringify({
        conversationId: 'conv-b',
        messages: [{ id: '1', type: 'user', message: 'to b', timestamp: '2025-01-01T00:00:00Z' }],
      }),
    );
    const { result, rerender, props } = setup({ agentId: 'a' });
    expect(result.current.messages).toEqual([]);
    rerender({ ...props, agentId: 'b' });
    expect(result.current.messages.map((m) => m.message)).toEqual(['to b']);
    expect(result.current.conversationId).toBe('conv-b');
  });

  it('given opening messages and no storage › starts with them, and Clear brings them back', async () => {
    const greeting: ChatMessage = {
      id: 'greeting',
      type: 'bot',
      message: 'Hello! How can I help you today?',
      timestamp: '2025-01-01T00:00:00Z',
    };
    const { result, server } = setup({ initialMessages: [greeting], persist: false });
    expect(result.current.messages).toEqual([greeting]);
    act(() => void result.current.send('Hi'));
    await server.stream();
    act(() => result.current.clear());
    expect(result.current.messages).toEqual([greeting]);
    expect(result.current.pending).toBe(false);
    expect(localStorage.length).toBe(0);
  });
});
