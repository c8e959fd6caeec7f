import { describe, expect, it } from 'vitest';
import {
  agentFigures,
  agentFiguresOfConfig,
  formatCostPerMinute,
  formatLatency,
  modelFigures,
  modelFiguresOf,
} from './agentFigures';
import { defaultSttConfig, defaultTtsConfig } from './schemas/agents';
import { modelProviders } from './schemas/model';

describe('agentFigures', () => {
  it("the default agent (GPT-4o, OpenAI tts-1, Deepgram nova-2) is the spec's ~$0.10/min and ~1000ms", () => {
    const f = agentFigures({});
    expect(f.usdPerMinute).toBeCloseTo(0.0986, 4);
    expect(f).toMatchObject({ latencyMs: 1000, cost: '~$0.10/min', latency: '~1000ms' });
    expect(
      agentFiguresOfConfig({
        model_name: 'gpt-4o',
        tts_config: defaultTtsConfig,
        stt_config: defaultSttConfig,
      }),
    ).toEqual(f);
  });

  it('follows the chosen model, voice and transcriber', () => {
    const cheap = agentFigures({
      model: 'GPT-4o Mini',
      voiceProvider: 'local',
      voiceModel: 'espeak-ng',
      transcriberProvider: 'local',
      transcriberModel: 'pocketsphinx',
    });
    // 6 turns × (4500 × 0.15 + 120 × 0.6) / 1e6 + transport 0.01.
    expect(cheap.usdPerMinute).toBeCloseTo(0.014482, 6);
    expect(cheap).toMatchObject({ cost: '~$0.01/min', latencyMs: 950, latency: '~950ms' });
    const premium = agentFiguresOfConfig({
      model_name: 'claude-opus-4',
      tts_config: { provider: 'elevenlabs', elevenlabs: { model_id: 'eleven_multilingual_v2' } },
      stt_config: { provider: 'openai', openai: { model: 'whisper-1' } },
    });
    // 6 × (4500 × 15 + 120 × 75) / 1e6 + 540 × 180 / 1e6 + 0.006 + 0.01.
    expect(premium.usdPerMinute).toBeCloseTo(0.5722, 4);
    expect(premium).toMatchObject({ cost: '~$0.57/min', latencyMs: 2000 });
  });

  it('a part missing from the tables (a custom model) gives no figure rather than a wrong one', () => {
    expect(agentFigures({ model: 'my-local-llama' })).toEqual({
      usdPerMinute: null,
      latencyMs: null,
      cost: 'unknown',
      latency: 'unknown',
    });
  });

  it('prices every model the editor offers, by display or API name', () => {
    for (const name of Object.values(modelProviders).flat()) {
      expect(modelFigures[name], name).toBeDefined();
      expect(modelFiguresOf(name)).toBe(modelFigures[name]);
    }
    expect(modelFiguresOf('claude-3-5-sonnet-2024-10-22')).toBe(
      modelFigures['Claude 3.5 Sonnet (2024-10-22)'],
    );
  });

  it('formats to the cent (a tenth of a cent below one) and to 50 ms', () => {
    expect(formatCostPerMinute(0.0986)).toBe('~$0.10/min');
    expect(formatCostPerMinute(0.0042)).toBe('~$0.004/min');
    expect(formatCostPerMinute(0)).toBe('~$0.00/min');
    expect(formatLatency(1020)).toBe('~1000ms');
    expect(formatLatency(1030)).toBe('~1050ms');
  });
});
