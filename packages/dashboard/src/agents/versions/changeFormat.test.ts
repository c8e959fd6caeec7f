// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { fieldLabel, valueChars, valueText, versionChanges } from './changeFormat';

describe('change format', () => {
  it('names settings and tools in the console’s words', () => {
    expect(fieldLabel('system_prompt')).toBe('Prompt');
    expect(fieldLabel('tools.lookup_order')).toBe('Tool lookup_order');
    expect(fieldLabel('something_new')).toBe('something_new');
  });

  it('shows nothing as (none), objects as JSON, and cuts long text', () => {
    expect(valueText(null).text).toBe('(none)');
    expect(valueText([]).text).toBe('(none)');
    expect(valueText({ provider: 'openai' }).text).toBe('{"provider":"openai"}');
    const long = 'x'.repeat(valueChars + 10);
    expect(valueText(long).text).toHaveLength(valueChars + 1);
    expect(valueText(long).full).toBe(long);
  });

  it('lists what another version changes against live (key order does not matter)', () => {
    const live = {
      settings: {
        system_prompt: 'A',
        tts_config: { provider: 'openai', openai: { voice: 'nova' } },
      },
      tools: [{ name: 'lookup', url: 'https://a.example' }],
      analysis: null,
    };
    const other = {
      settings: {
        system_prompt: 'B',
        tts_config: { openai: { voice: 'nova' }, provider: 'openai' },
      },
      tools: [{ name: 'hang_up', type: 'end_call' }],
      analysis: null,
    };
    expect(versionChanges(live, other)).toEqual([
      { field: 'system_prompt', live: 'A', draft: 'B' },
      { field: 'tools.lookup', live: live.tools[0], draft: null },
      { field: 'tools.hang_up', live: null, draft: other.tools[0] },
    ]);
    expect(versionChanges(live, live)).toEqual([]);
  });
});
