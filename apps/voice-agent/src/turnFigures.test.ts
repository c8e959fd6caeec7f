import { describe, expect, it } from 'vitest';
import { cappedDuration, turnFigures } from './callSession';

describe('turnFigures', () => {
  it("takes the framework's figures, in ms", () => {
    expect(turnFigures({ e2eLatency: 0.8123, llmNodeTtft: 0.2, ttsNodeTtfb: 0.1 }, 2)).toEqual({
      latency_ms: 812,
      llm_ttft_ms: 200,
      tts_ttfb_ms: 100,
      end_of_turn_delay_ms: undefined,
    });
  });
  it('falls back to the observed end of speech → first audio when the framework has none', () => {
    expect(turnFigures({ llmNodeTtft: 0.25 }, 1.5)).toMatchObject({
      latency_ms: 1500,
      llm_ttft_ms: 250,
    });
    expect(turnFigures({ llmNodeTtft: 0.25 })).toBeNull();
    expect(turnFigures({}, -0.1)).toBeNull();
  });
});

describe("cappedDuration (a transport's own call limit: 15 minutes on the WebSocket)", () => {
  it("keeps the agent's shorter limit, caps a longer one or none, and changes nothing without a cap", () => {
    expect(cappedDuration(600, 900)).toBe(600);
    expect(cappedDuration(3600, 900)).toBe(900);
    expect(cappedDuration(0, 900)).toBe(900);
    expect(cappedDuration(3600)).toBe(3600);
    expect(cappedDuration(0, 0)).toBe(0);
  });
});
