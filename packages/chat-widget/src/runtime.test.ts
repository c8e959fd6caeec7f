// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChatError, listenConversation, replyErrorText, streamChat } from './runtime';

function sse(chunks: string[], status = 200): Response {
  const encoder = new TextEncoder();
  return new Response(
    new ReadableStream({
      start(controller) {
        for (const c of chunks) controller.enqueue(encoder.encode(c));
        controller.close();
      },
    }),
    { status, headers: { 'Content-Type': 'text/event-stream' } },
  );
}

const event = (data: Record<string, unknown>) => `data: ${JSON.stringify(data)}\n\n`;
const ids = { conversation_id: 'c-1', message_id: 'm-1' };

afterEach(() => vi.unstubAllGlobals());

describe('streamChat', () => {
  it('posts a Dify-style streaming request with the key as bearer token', async () => {
    const fetch = vi.fn(async (_url: string, _init: RequestInit) =>
      sse([event({ event: 'message_end', ...ids })]),
    );
    vi.stubGlobal('fetch', fetch);
    await streamChat({
      agentUrl: 'https://h/v1',
      agentKey: 'app-k',
      query: 'Hi',
      user: 'visitor-1',
      conversationId: 'c-0',
    });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('https://h/v1/chat-messages');
    expect(init.method).toBe('POST');
    expect(init.headers).toMatchObject({ Authorization: 'Bearer app-k' });
    expect(JSON.parse(init.body as string)).toEqual({
      inputs: {},
      query: 'Hi',
      response_mode: 'streaming',
      conversation_id: 'c-0',
      user: 'visitor-1',
    });
  });

  it('calls onDelta as text arrives, across chunk boundaries, and reports the offline responder', async () => {
    const body =
      event({ event: 'message', ...ids, answer: 'Offline ' }) +
      event({ event: 'message', ...ids, answer: 'responder: hi' }) +
      event({ event: 'message_end', ...ids, metadata: { offline: true } });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => sse([body.slice(0, 17), body.slice(17, 60), body.slice(60)])),
    );
    const seen: string[] = [];
    const result = await streamChat({
      agentUrl: 'https://h/v1',
      agentKey: 'k',
      query: 'q',
      user: 'u',
      onDelta: (_d, soFar) => seen.push(soFar),
    });
    expect(seen).toEqual(['Offline ', 'Offline responder: hi']);
    expect(result).toEqual({
      answer: 'Offline responder: hi',
      conversationId: 'c-1',
      messageId: 'm-1',
      offline: true,
    });
  });

  it('fails on an error event, or on an HTTP error with the server message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => sse([event({ event: 'error', ...ids, message: 'model down' })])),
    );
    await expect(
      streamChat({ agentUrl: 'https://h/v1', agentKey: 'k', query: 'q', user: 'u' }),
    ).rejects.toThrow('model down');

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ detail: 'Origin not allowed' }, { status: 403 })),
    );
    const error = await streamChat({
      agentUrl: 'https://h/v1',
      agentKey: 'k',
      query: 'q',
      user: 'u',
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChatError);
    expect(error).toMatchObject({ message: 'Origin not allowed', status: 403 });

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('nope', { status: 502 })),
    );
    await expect(
      streamChat({ agentUrl: 'https://h/v1', agentKey: 'k', query: 'q', user: 'u' }),
    ).rejects.toThrow('HTTP 502');
  });
});

describe('replyErrorText', () => {
  const generic = 'Sorry, I encountered an error. Please try again.';
  it('shows the one spec message for every failure, and nothing for an abort', () => {
    expect(replyErrorText(new ChatError('HTTP 429', 429), generic)).toBe(generic);
    expect(replyErrorText(new TypeError('Failed to fetch'), generic)).toBe(generic);
    expect(replyErrorText('weird', generic)).toBe(generic);
    expect(replyErrorText(new DOMException('aborted', 'AbortError'), generic)).toBeNull();
  });
});

describe('listenConversation', () => {
  it('opens the conversation’s event stream with the key and hands over member replies', async () => {
    const fetch = vi.fn(async (_url: string, _init: RequestInit) =>
      sse([
        event({ event: 'ready', conversation_id: 'c 1', held: true }),
        ': keep-alive\n\n',
        event({ event: 'member_message', conversation_id: 'c 1', id: 'm-2', answer: 'Hello' }),
        event({ event: 'release', conversation_id: 'c 1' }),
      ]),
    );
    vi.stubGlobal('fetch', fetch);
    const got: Array<[string, string]> = [];
    await listenConversation({
      agentUrl: 'https://h/v1',
      agentKey: 'app-k',
      user: 'visitor 1',
      conversationId: 'c 1',
      signal: new AbortController().signal,
      onMemberMessage: (id, text) => got.push([id, text]),
    });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('https://h/v1/conversations/c%201/events?user=visitor%201');
    expect(init.headers).toMatchObject({ Authorization: 'Bearer app-k' });
    expect(got).toEqual([['m-2', 'Hello']]);
  });

  it('a refused stream throws with its status', async () => {
    vi.stubGlobal('fetch', async () => new Response('{}', { status: 404 }));
    await expect(
      listenConversation({
        agentUrl: 'https://h/v1',
        agentKey: 'k',
        user: 'u',
        conversationId: 'c',
        signal: new AbortController().signal,
        onMemberMessage: () => undefined,
      }),
    ).rejects.toMatchObject({ status: 404 });
  });
});
