import { describe, expect, it } from 'vitest';
import { normalizeConfig, resolveConfig, safeColor } from './config';

function script(data: Record<string, string>): HTMLScriptElement {
  const s = document.createElement('script');
  Object.assign(s.dataset, data);
  return s;
}

describe('voice widget config', () => {
  it("reads the Widget tab's snippet attributes with the spec defaults", () => {
    expect(
      resolveConfig(
        script({ agentUrl: 'https://h.example', agentKey: 'app-1', agentName: 'support_bot' }),
      ),
    ).toEqual({
      voiceUrl: 'https://h.example',
      agentKey: 'app-1',
      agentName: 'support_bot',
      agentId: 'support_bot',
      position: 'bottom-right',
      primaryColor: '#667eea',
      language: undefined,
    });
  });

  it('asks the token for data-agent-id when given, shows data-agent-name, and drops /v1', () => {
    const c = resolveConfig(
      script({
        apiUrl: 'https://h.example/v1/',
        apiKey: 'app-2',
        agentName: 'Support',
        agentId: 'support_0f3a',
        position: 'bottom-left',
        primaryColor: '#123456',
        language: 'de',
      }),
    );
    expect(c).toMatchObject({
      voiceUrl: 'https://h.example',
      agentName: 'Support',
      agentId: 'support_0f3a',
      position: 'bottom-left',
      primaryColor: '#123456',
      language: 'de',
    });
  });

  it('needs a URL, a key and an agent; window settings override the tag', () => {
    expect(resolveConfig(script({ agentUrl: 'https://h', agentKey: 'k' }))).toBeNull();
    expect(resolveConfig(null)).toBeNull();
    expect(
      resolveConfig(script({ agentUrl: 'https://h', agentKey: 'k', agentName: 'a' }), {
        agentName: 'b',
      })?.agentId,
    ).toBe('b');
    expect(normalizeConfig({ agentUrl: 'u', agentKey: 'k', agentId: 'x' })?.agentName).toBe('x');
  });

  it('keeps only colours that cannot escape the stylesheet', () => {
    expect(safeColor('#abc')).toBe('#abc');
    expect(safeColor('hsl(10, 20%, 30%)')).toBe('hsl(10, 20%, 30%)');
    expect(safeColor('red;}*{display:none')).toBe('#667eea');
    expect(safeColor(undefined)).toBe('#667eea');
  });
});
