// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { chatStoragePrefix, clearStoredChatMessages } from '../api/hooks';
import {
  chatFailedText,
  chatReducer,
  chatStorageKey,
  chatStorageKeyPrefix,
  chatToolSteps,
  clearChat,
  initialChatState,
  isThinking,
  loadChat,
  maxStoredMessages,
  newMessageId,
  runtimeBaseUrl,
  saveChat,
  sendBlock,
  type ChatAction,
  type ChatMessage,
  type ChatState,
} from './chatSession';

const t0 = '2025-01-01T10:00:00.000Z';
const t1 = '2025-01-01T10:00:01.000Z';

function run(actions: ChatAction[], state: ChatState = initialChatState()): ChatState {
  return actions.reduce(chatReducer, state);
}

const send: ChatAction = { type: 'send', id: 'u1', text: 'Hi there', timestamp: t0 };

describe('chatReducer', () => {
  it('given a send › adds the user message and waits (Thinking...) for the reply', () => {
    const state = run([send]);
    expect(state.messages).toEqual([
      { id: 'u1', type: 'user', message: 'Hi there', timestamp: t0 },
    ]);
    expect(state.pending).toBe(true);
    expect(isThinking(state)).toBe(true);
  });

  it('given deltas › shows the text as it arrives in one bot message, no longer thinking', () => {
    const state = run([
      send,
      { type: 'delta', id: 'b1', text: 'Hel', timestamp: t1 },
      { type: 'delta', id: 'b1', text: 'Hello!', timestamp: '2025-01-01T10:00:02.000Z' },
    ]);
    expect(state.messages).toHaveLength(2);
    expect(state.messages[1]).toEqual({
      id: 'b1',
      type: 'bot',
      message: 'Hello!',
      timestamp: t1,
      streaming: true,
    });
    expect(state.pending).toBe(true);
    expect(isThinking(state)).toBe(false);
  });

  it('given the end of the answer › finishes the message and keeps the conversation id', () => {
    const state = run([
      send,
      { type: 'delta', id: 'b1', text: 'Hel', timestamp: t1 },
      {
        type: 'done',
        id: 'b1',
        answer: 'Hello!',
        conversationId: 'c-1',
        offline: false,
        timestamp: t1,
      },
    ]);
    expect(state.messages[1]).toEqual({ id: 'b1', type: 'bot', message: 'Hello!', timestamp: t1 });
    expect(state.pending).toBe(false);
    expect(state.conversationId).toBe('c-1');
  });

  it('given an answer of the offline responder › marks the message offline', () => {
    const state = run([
      send,
      {
        type: 'done',
        id: 'b1',
        answer: 'From the docs',
        conversationId: 'c',
        offline: true,
        timestamp: t1,
      },
    ]);
    expect(state.messages[1]).toMatchObject({ message: 'From the docs', offline: true });
  });

  it('given a later answer without a conversation id › keeps the earlier one', () => {
    const state = run(
      [
        send,
        { type: 'done', id: 'b1', answer: 'ok', conversationId: '', offline: false, timestamp: t1 },
      ],
      initialChatState([], 'c-1'),
    );
    expect(state.conversationId).toBe('c-1');
  });

  it('given a failure › the reply becomes the spec error message (§8)', () => {
    const state = run([send, { type: 'fail', id: 'b1', detail: 'HTTP 500: Boom', timestamp: t1 }]);
    expect(chatFailedText).toBe('Sorry, I encountered an error. Please try again.');
    expect(state.messages[1]).toEqual({
      id: 'b1',
      type: 'bot',
      message: chatFailedText,
      timestamp: t1,
      error: true,
      errorDetail: 'HTTP 500: Boom',
    });
    expect(state.pending).toBe(false);
  });

  it('given a failure mid-stream › keeps the text that arrived and adds the error after it', () => {
    const state = run([
      send,
      { type: 'delta', id: 'b1', text: 'Partial', timestamp: t1 },
      { type: 'fail', id: 'b1', timestamp: t1 },
    ]);
    expect(state.messages.map((m) => [m.id, m.message, m.stopped ?? false])).toEqual([
      ['u1', 'Hi there', false],
      ['b1', 'Partial', true],
      ['b1-error', chatFailedText, false],
    ]);
  });

  it('given an empty answer › shows the error message instead of an empty bubble', () => {
    const state = run([
      send,
      { type: 'done', id: 'b1', answer: '  ', conversationId: 'c', offline: false, timestamp: t1 },
    ]);
    expect(state.messages[1]).toMatchObject({ message: chatFailedText, error: true });
  });

  it('given stop › ends the wait, keeps streamed text, drops nothing else', () => {
    const thinking = run([send, { type: 'stop' }]);
    expect(thinking.pending).toBe(false);
    expect(thinking.messages).toHaveLength(1);
    const streamed = run([
      send,
      { type: 'delta', id: 'b1', text: 'Half', timestamp: t1 },
      { type: 'stop' },
    ]);
    expect(streamed.messages[1]).toEqual({
      id: 'b1',
      type: 'bot',
      message: 'Half',
      timestamp: t1,
      stopped: true,
    });
  });

  it('given a late delta or result after stop › ignores it', () => {
    const state = run([
      send,
      { type: 'stop' },
      { type: 'delta', id: 'b1', text: 'late', timestamp: t1 },
      {
        type: 'done',
        id: 'b1',
        answer: 'late',
        conversationId: 'c',
        offline: false,
        timestamp: t1,
      },
      { type: 'fail', id: 'b1', timestamp: t1 },
    ]);
    expect(state.messages).toHaveLength(1);
    expect(state.conversationId).toBe('');
  });

  it('given clear › starts a new conversation with the given opening messages', () => {
    const greeting: ChatMessage = { id: 'g', type: 'bot', message: 'Hello!', timestamp: t0 };
    const state = run([send, { type: 'clear', messages: [greeting] }], initialChatState([], 'c-1'));
    expect(state).toEqual({
      messages: [greeting],
      pending: false,
      streamingId: null,
      conversationId: '',
    });
  });
});

describe('sendBlock (spec §5)', () => {
  const idle = { pending: false };
  it('blocks blank text', () => {
    expect(sendBlock(idle, '', 'a')).toBe('blank');
    expect(sendBlock(idle, '  \n\t', 'a')).toBe('blank');
  });
  it('blocks when no agent is selected', () => {
    expect(sendBlock(idle, 'hi', '')).toBe('no-agent');
    expect(sendBlock(idle, 'hi', null)).toBe('no-agent');
  });
  it('blocks while a reply is pending', () => {
    expect(sendBlock({ pending: true }, 'hi', 'a')).toBe('pending');
  });
  it('allows text to a selected agent when idle', () => {
    expect(sendBlock(idle, 'hi', 'a')).toBeNull();
  });
});

function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    key: (i) => [...map.keys()][i] ?? null,
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, String(v)),
    removeItem: (k) => void map.delete(k),
    clear: () => map.clear(),
  };
}

describe('chat persistence', () => {
  const messages: ChatMessage[] = [
    { id: 'u1', type: 'user', message: 'Hi', timestamp: t0 },
    { id: 'b1', type: 'bot', message: 'Hello', timestamp: t1, offline: true },
  ];

  it("stores under 'parley.chat.' + agent id, the prefix the dashboard's logout clears", () => {
    expect(chatStorageKey('support_1')).toBe('parley.chat.support_1');
    expect(chatStorageKeyPrefix).toBe(chatStoragePrefix);
    const storage = memoryStorage();
    saveChat(storage, 'support_1', { messages, conversationId: 'c-1' });
    storage.setItem('parley.theme', 'dark');
    clearStoredChatMessages(storage);
    expect(storage.getItem('parley.chat.support_1')).toBeNull();
    expect(storage.getItem('parley.theme')).toBe('dark');
  });

  it('round-trips messages and the conversation id per agent', () => {
    const storage = memoryStorage();
    saveChat(storage, 'a', { messages, conversationId: 'c-1' });
    expect(loadChat(storage, 'a')).toEqual({ messages, conversationId: 'c-1' });
    expect(loadChat(storage, 'b')).toEqual({ messages: [], conversationId: '' });
  });

  it('does not store a message that is still streaming', () => {
    const storage = memoryStorage();
    saveChat(storage, 'a', {
      messages: [
        ...messages,
        { id: 'b2', type: 'bot', message: 'Hal', timestamp: t1, streaming: true },
      ],
      conversationId: '',
    });
    expect(loadChat(storage, 'a').messages).toEqual(messages);
  });

  it(`keeps only the last ${maxStoredMessages} messages`, () => {
    const storage = memoryStorage();
    const many = Array.from({ length: maxStoredMessages + 5 }, (_, i) => ({
      id: `m${i}`,
      type: 'user' as const,
      message: String(i),
      timestamp: t0,
    }));
    saveChat(storage, 'a', { messages: many, conversationId: '' });
    const loaded = loadChat(storage, 'a').messages;
    expect(loaded).toHaveLength(maxStoredMessages);
    expect(loaded[0]!.id).toBe('m5');
  });

  it('reads broken or foreign data as an empty chat and skips malformed entries', () => {
    const storage = memoryStorage();
    storage.setItem('parley.chat.a', '{not json');
    expect(loadChat(storage, 'a').messages).toEqual([]);
    storage.setItem(
      'parley.chat.a',
      JSON.stringify([messages[0], { id: 1, type: 'x' }, { id: 'z', type: 'bot', message: 'ok' }]),
    );
    expect(loadChat(storage, 'a').messages).toEqual([messages[0]]);
  });

  it('removes the entry when the chat is cleared or empty', () => {
    const storage = memoryStorage();
    saveChat(storage, 'a', { messages, conversationId: 'c' });
    clearChat(storage, 'a');
    expect(storage.getItem('parley.chat.a')).toBeNull();
    saveChat(storage, 'a', { messages, conversationId: 'c' });
    saveChat(storage, 'a', { messages: [], conversationId: '' });
    expect(storage.getItem('parley.chat.a')).toBeNull();
  });

  it('survives a storage that throws (private mode, quota)', () => {
    const throwing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(loadChat(throwing, 'a')).toEqual({ messages: [], conversationId: '' });
    expect(() => saveChat(throwing, 'a', { messages, conversationId: '' })).not.toThrow();
    expect(() => clearChat(throwing, 'a')).not.toThrow();
  });
});

describe('helpers', () => {
  it("chatToolSteps: a stored answer's steps as the views show them (a failure as its error)", () => {
    expect(
      chatToolSteps('m1', [
        {
          tool: 'slots',
          tool_id: 't',
          input: { day: 'mon' },
          output: { free: 2 },
          duration_ms: 9,
          error: null,
        },
        {
          tool: 'book',
          tool_id: null,
          input: {},
          output: null,
          duration_ms: 1200,
          error: 'HTTP 500',
        },
      ]),
    ).toEqual([
      { id: 'm1-0', tool: 'slots', input: '{"day":"mon"}', output: '{"free":2}', durationMs: 9 },
      {
        id: 'm1-1',
        tool: 'book',
        input: '{}',
        output: 'Error: HTTP 500',
        durationMs: 1200,
        error: true,
      },
    ]);
    expect(chatToolSteps('m2', undefined)).toEqual([]);
  });

  it('makes unique message ids without crypto.randomUUID', () => {
    const ids = new Set(Array.from({ length: 100 }, () => newMessageId('user')));
    expect(ids.size).toBe(100);
    expect([...ids][0]).toMatch(/^user-/);
  });
  it('drops a trailing /chat-messages and slashes from the agent URL', () => {
    expect(runtimeBaseUrl('http://h/v1')).toBe('http://h/v1');
    expect(runtimeBaseUrl('http://h/v1/')).toBe('http://h/v1');
    expect(runtimeBaseUrl(' http://h/v1/chat-messages ')).toBe('http://h/v1');
  });
});
