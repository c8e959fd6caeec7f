import { describe, expect, it } from 'vitest';
import { cappedError, maxLogChars, maxLogItems } from './logLimits';

describe('capped error logs', () => {
  it('a failed statement with 100,000 parameters logs a few kilobytes, not megabytes', () => {
    const params = Array.from({ length: 100_000 }, (_, i) => `r${i}@bulk.example.com`);
    const error = Object.assign(
      new Error(`Failed query: insert into mail_sends … params: ${params.join(',')}`),
      { name: 'DrizzleQueryError', query: 'insert into mail_sends …', params },
    );
    const logged = cappedError(error) as Record<string, unknown>;
    const line = JSON.stringify(logged);
    expect(line.length).toBeLessThan(10_000);
    expect(String(logged.message)).toMatch(/^Failed query: .*… \(\d+ more characters\)$/s);
    expect(String(logged.message).length).toBeLessThan(maxLogChars + 40);
    expect(logged.params as unknown[]).toHaveLength(maxLogItems + 1);
    expect((logged.params as string[]).at(-1)).toBe('… (99980 more items)');
    expect(logged.type).toBe('Error');
  });

  it('leaves small errors as pino serializes them', () => {
    const logged = cappedError(new Error('nothing answers')) as Record<string, unknown>;
    expect(logged.message).toBe('nothing answers');
    expect(typeof logged.stack).toBe('string');
  });
});
