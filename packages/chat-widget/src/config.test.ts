import { describe, expect, it } from 'vitest';
import { configFromScript, normalizeConfig, resolveConfig, safeColor } from './config';

function script(data: Record<string, string>): HTMLScriptElement {
  const s = document.createElement('script');
  Object.assign(s.dataset, data);
  return s;
}

describe('configFromScript', () => {
  it('reads data attributes with the spec defaults', () => {
    const s = script({ agentUrl: 'http://localhost:3000/v1', agentKey: 'app-123' });
    expect(configFromScript(s)).toEqual({
      agentUrl: 'http://localhost:3000/v1',
      agentKey: 'app-123',
      agentName: 'Assistant',
      position: 'bottom-right',
      primaryColor: '#667eea',
      language: undefined,
      greeting: undefined,
    });
  });

  it('needs a URL and a key', () => {
    expect(configFromScript(document.createElement('script'))).toBeNull();
    expect(configFromScript(script({ agentUrl: 'http://h/v1', agentKey: '  ' }))).toBeNull();
    expect(configFromScript(null)).toBeNull();
  });

  it('reads every snippet attribute, and data-api-url / data-api-key as aliases', () => {
    const s = script({
      apiUrl: 'https://agents.example.com/v1/',
      apiKey: 'app-AbC',
      agentName: 'Support',
      position: 'bottom-left',
      primaryColor: '#0a7',
      language: 'fr-CA',
      greeting: 'Bonjour !',
    });
    expect(configFromScript(s)).toEqual({
      agentUrl: 'https://agents.example.com/v1',
      agentKey: 'app-AbC',
      agentName: 'Support',
      position: 'bottom-left',
      primaryColor: '#0a7',
      language: 'fr-CA',
      greeting: 'Bonjour !',
    });
  });

  it('accepts an agent URL stored with /chat-messages and an unknown position as bottom-right', () => {
    const c = configFromScript(
      script({ agentUrl: 'https://h/v1/chat-messages', agentKey: 'k', position: 'top-left' }),
    );
    expect(c?.agentUrl).toBe('https://h/v1');
    expect(c?.position).toBe('bottom-right');
  });
});

describe('resolveConfig', () => {
  it('lets window.ParleyChatConfig fill in or override the attributes', () => {
    const s = script({ agentUrl: 'https://h/v1', agentKey: 'app-1', agentName: 'From tag' });
    expect(resolveConfig(s, { agentName: 'From settings', greeting: 'Hi' })).toMatchObject({
      agentUrl: 'https://h/v1',
      agentName: 'From settings',
      greeting: 'Hi',
    });
    expect(resolveConfig(null, { apiUrl: 'https://h/v1', apiKey: 'app-2' })).toMatchObject({
      agentUrl: 'https://h/v1',
      agentKey: 'app-2',
    });
    expect(resolveConfig(null, undefined)).toBeNull();
  });
});

describe('colours', () => {
  it('keeps hex, rgb() and named colours; anything that could escape the stylesheet falls back', () => {
    expect(safeColor('#FF0000')).toBe('#FF0000');
    expect(safeColor('rgb(10, 20, 30)')).toBe('rgb(10, 20, 30)');
    expect(safeColor('rebeccapurple')).toBe('rebeccapurple');
    expect(safeColor('red;}:host{display:none')).toBe('#667eea');
    expect(safeColor('url(https://evil.example/x.png)')).toBe('#667eea');
    expect(safeColor('#12345')).toBe('#667eea');
    expect(
      normalizeConfig({ agentUrl: 'u', agentKey: 'k', primaryColor: 'x}' })?.primaryColor,
    ).toBe('#667eea');
  });
});
