// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { publicChatLink, publicChatName, readPublicChatParams } from './publicChatParams';

describe('readPublicChatParams', () => {
  it('reads api_url, api_key, initial_message and name', () => {
    expect(
      readPublicChatParams(
        '?api_url=https%3A%2F%2Fh%2Fv1&api_key=app-1&initial_message=Hello%20there&name=Support',
      ),
    ).toEqual({
      apiUrl: 'https://h/v1',
      apiKey: 'app-1',
      initialMessage: 'Hello there',
      name: 'Support',
      problems: [],
    });
  });

  it('given missing parameters › names each problem', () => {
    expect(readPublicChatParams('').problems).toEqual(['api_url is missing', 'api_key is missing']);
    expect(readPublicChatParams('api_url=%20&api_key=app-1').problems).toEqual([
      'api_url is missing',
    ]);
  });

  it('given an api_url that is not http(s) › refuses it', () => {
    const params = readPublicChatParams('?api_url=javascript:alert(1)&api_key=app-1');
    expect(params.problems).toEqual(['api_url is not an http(s) URL']);
    expect(params.apiUrl).toBeNull();
  });

  it('treats empty optional parameters as absent', () => {
    const params = readPublicChatParams('?api_url=http://h/v1&api_key=k&initial_message=&name=');
    expect(params.initialMessage).toBeNull();
    expect(params.name).toBeNull();
  });
});

describe('publicChatName', () => {
  it('uses the name parameter, else the agent id without its UUID', () => {
    expect(publicChatName('support_123e4567_e89b_12d3_a456_426614174000', 'Help desk')).toBe(
      'Help desk',
    );
    expect(publicChatName('support_123e4567_e89b_12d3_a456_426614174000', null)).toBe('support');
  });
});

describe('publicChatLink', () => {
  it('builds /chatbot/{agentId} with the query the page reads back', () => {
    const link = publicChatLink('https://console.test/', 'support_1', {
      apiUrl: 'https://h/v1',
      apiKey: 'app-1',
      initialMessage: 'Hi & welcome',
      name: 'Support',
    });
    expect(link.startsWith('https://console.test/chatbot/support_1?')).toBe(true);
    const read = readPublicChatParams(new URL(link).search);
    expect(read).toMatchObject({
      apiUrl: 'https://h/v1',
      apiKey: 'app-1',
      initialMessage: 'Hi & welcome',
      name: 'Support',
    });
  });
});
