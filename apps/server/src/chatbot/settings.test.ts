import { describe, expect, it } from 'vitest';
import { agentUrlBase, pageSettings, type PageAgent } from './settings';

const agent: PageAgent = {
  id: 'support_bot_1',
  name: 'Support',
  initialMessage: 'Welcome!',
  appKey: 'app-own',
  chatbotApi: null,
  chatbotKey: null,
  talkToPerson: true,
};
const own = ['http://parley.test/v1'];
const q = (params: Record<string, string>) => new URLSearchParams(params);

describe('agentUrlBase', () => {
  it('drops trailing slashes and the /chat-messages endpoint; refuses non-http(s) and credentials', () => {
    expect(agentUrlBase('https://h.example/v1/chat-messages')).toBe('https://h.example/v1');
    expect(agentUrlBase('https://h.example/v1//')).toBe('https://h.example/v1');
    expect(agentUrlBase('HTTPS://H.EXAMPLE:443/v1')).toBe('https://h.example/v1');
    expect(agentUrlBase('javascript:alert(1)')).toBeNull();
    expect(agentUrlBase('https://user:pw@h.example/v1')).toBeNull();
    expect(agentUrlBase('not a url')).toBeNull();
  });
});

describe('pageSettings (which agent the public chat page talks to)', () => {
  it('given no parameters (the QR code) › this server with the agent’s own key, name and greeting', () => {
    expect(pageSettings(agent, q({}), own)).toEqual({
      agentUrl: 'http://parley.test/v1',
      agentKey: 'app-own',
      name: 'Support',
      greeting: 'Welcome!',
      talkToPerson: true,
    });
  });

  it('given a foreign api_url and api_key › both are ignored: this server, the agent’s key', () => {
    const settings = pageSettings(
      agent,
      q({
        api_url: 'https://attacker.example/v1',
        api_key: 'app-theirs',
        initial_message: 'Hi',
      }),
      own,
    );
    expect(settings.agentUrl).toBe('http://parley.test/v1');
    expect(settings.agentKey).toBe('app-own');
    expect(settings.greeting).toBe('Hi');
  });

  it('given this server’s URL with another key › still the agent’s own key (no other agent)', () => {
    const settings = pageSettings(
      agent,
      q({ api_url: 'http://parley.test/v1/chat-messages', api_key: 'app-other-agent' }),
      own,
    );
    expect(settings).toMatchObject({ agentUrl: 'http://parley.test/v1', agentKey: 'app-own' });
  });

  it('given the agent’s configured agent URL › followed, with the configured key', () => {
    const custom = {
      ...agent,
      chatbotApi: 'https://bots.example/v1/chat-messages',
      chatbotKey: 'app-custom',
    };
    const settings = pageSettings(
      custom,
      q({ api_url: 'https://bots.example/v1', api_key: 'app-whatever', name: 'Front desk' }),
      own,
    );
    expect(settings).toEqual({
      agentUrl: 'https://bots.example/v1',
      agentKey: 'app-custom',
      name: 'Front desk',
      greeting: 'Welcome!',
      // Another server's agent: the page does not offer this server's 'Talk to a person'.
      talkToPerson: false,
    });
    // A configured URL without a key of its own takes the link's key.
    expect(
      pageSettings(
        { ...custom, chatbotKey: null },
        q({ api_url: 'https://bots.example/v1', api_key: 'app-link' }),
        own,
      ).agentKey,
    ).toBe('app-link');
    // A look-alike host is not the configured URL.
    expect(pageSettings(custom, q({ api_url: 'https://bots.example.evil/v1' }), own).agentUrl).toBe(
      'http://parley.test/v1',
    );
  });
});
