import { describe, expect, it } from 'vitest';
import {
  chatWidgetSnippet,
  escapeAttribute,
  isWidgetKeyFormat,
  voiceWidgetSnippet,
  voiceWidgetUrl,
  widgetCspHeader,
  widgetCspPolicy,
  widgetSnippets,
  withNonce,
} from './widgetSnippets';

const input = {
  origin: 'https://console.example.com/',
  apiUrl: 'https://agents.example.com/v1',
  apiKey: 'app-AbC123',
  agentName: 'Support',
};

/** Reads the script tag back the way a browser would, to check what the widget will see. */
function parse(snippet: string): HTMLScriptElement {
  const template = document.createElement('template');
  template.innerHTML = snippet;
  const script = template.content.querySelector('script');
  if (!script) throw new Error('no script tag');
  return script;
}

describe('widget snippets', () => {
  it('given an agent › the chat snippet loads {origin}/widget/chat.js with the agent data', () => {
    const script = parse(chatWidgetSnippet(input));
    expect(script.getAttribute('src')).toBe('https://console.example.com/widget/chat.js');
    expect({ ...script.dataset }).toEqual({
      agentUrl: 'https://agents.example.com/v1',
      agentKey: 'app-AbC123',
      agentName: 'Support',
      position: 'bottom-right',
      primaryColor: '#667eea',
    });
    expect(script.defer).toBe(true);
  });

  it('given an Initial Message › the chat widget greets with it (data-greeting), escaped', () => {
    const greeting = 'Hi! Ask about "opening hours" & <prices>.\nWe answer in English.';
    const script = parse(chatWidgetSnippet({ ...input, greeting }));
    expect(script.dataset.greeting).toBe(greeting);
    expect(parse(chatWidgetSnippet({ ...input, greeting: '  ' })).dataset.greeting).toBeUndefined();
    // The voice widget speaks the agent's own first message: no greeting attribute there.
    expect(parse(voiceWidgetSnippet({ ...input, greeting })).dataset.greeting).toBeUndefined();
  });

  it('given an agent › the voice snippet loads voice.js with the agent URL minus /v1', () => {
    const script = parse(voiceWidgetSnippet(input));
    expect(script.getAttribute('src')).toBe('https://console.example.com/widget/voice.js');
    expect(script.dataset.agentUrl).toBe('https://agents.example.com');
    expect(script.dataset.agentKey).toBe('app-AbC123');
    expect(script.dataset.agentName).toBe('Support');
    expect(script.dataset.position).toBe('bottom-right');
    expect(script.dataset.primaryColor).toBe('#667eea');
    expect(script.dataset.agentId).toBeUndefined();
  });

  it('given an agent id › the voice snippet names the agent the call token is asked for', () => {
    const script = parse(voiceWidgetSnippet({ ...input, agentId: 'support_123' }));
    expect(script.dataset.agentId).toBe('support_123');
    expect(script.dataset.agentName).toBe('Support');
    expect(parse(chatWidgetSnippet({ ...input, agentId: 'support_123' })).dataset.agentId).toBe(
      undefined,
    );
  });

  it('is a readable, multi-line snippet that starts with a comment', () => {
    expect(chatWidgetSnippet(input)).toBe(
      [
        '<!-- Parley chat widget -->',
        '<script',
        '  src="https://console.example.com/widget/chat.js"',
        '  data-agent-url="https://agents.example.com/v1"',
        '  data-agent-key="app-AbC123"',
        '  data-agent-name="Support"',
        '  data-position="bottom-right"',
        '  data-primary-color="#667eea"',
        '  defer',
        '></script>',
      ].join('\n'),
    );
    expect(widgetSnippets(input)).toEqual({
      chat: chatWidgetSnippet(input),
      voice: voiceWidgetSnippet(input),
    });
  });

  it('given a name with quotes or markup › escapes it so the tag stays intact', () => {
    const snippet = chatWidgetSnippet({ ...input, agentName: 'Bob "the <b>bot</b>" & co' });
    expect(snippet).toContain(
      'data-agent-name="Bob &quot;the &lt;b&gt;bot&lt;/b&gt;&quot; &amp; co"',
    );
    expect(parse(snippet).dataset.agentName).toBe('Bob "the <b>bot</b>" & co');
    expect(escapeAttribute('"><script>')).toBe('&quot;&gt;&lt;script&gt;');
  });

  it('given an agent URL stored with /chat-messages or a trailing slash › normalizes it', () => {
    expect(
      parse(chatWidgetSnippet({ ...input, apiUrl: 'https://h/v1/chat-messages' })).dataset.agentUrl,
    ).toBe('https://h/v1');
    expect(voiceWidgetUrl('https://h/v1/')).toBe('https://h');
    expect(voiceWidgetUrl('https://h/v1/chat-messages')).toBe('https://h');
    expect(voiceWidgetUrl('https://h/api/v1x')).toBe('https://h/api/v1x');
    expect(voiceWidgetUrl('https://h/v1/custom')).toBe('https://h/v1/custom');
  });

  it('accepts widget keys starting with app- or sk- only (spec §9)', () => {
    expect(isWidgetKeyFormat('app-123')).toBe(true);
    expect(isWidgetKeyFormat('sk-123')).toBe(true);
    expect(isWidgetKeyFormat('key-123')).toBe(false);
    expect(isWidgetKeyFormat('')).toBe(false);
  });
});

describe('strict CSP variant (issue 12 §7)', () => {
  it('puts the nonce on the script tag, keeping every data attribute', () => {
    const script = parse(withNonce(chatWidgetSnippet(input), 'r4nd0m'));
    expect(script.getAttribute('nonce')).toBe('r4nd0m');
    expect(script.getAttribute('src')).toBe('https://console.example.com/widget/chat.js');
    expect(script.dataset['agentKey']).toBe('app-AbC123');
  });

  it('names the nonce with strict-dynamic and the connect-src to allow', () => {
    const policy = widgetCspPolicy(input, 'r4nd0m');
    expect(policy).toContain("script-src 'nonce-r4nd0m' 'strict-dynamic'");
    expect(policy).toMatch(
      /connect-src 'self' https:\/\/agents\.example\.com https:\/\/console\.example\.com wss:\/\/YOUR_LIVEKIT_HOST/,
    );
    expect(widgetCspHeader(input)).toMatch(
      /^Content-Security-Policy: script-src 'nonce-YOUR_NONCE'/,
    );
  });
});
