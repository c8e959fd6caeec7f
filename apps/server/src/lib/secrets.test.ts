import { describe, expect, it } from 'vitest';
import { createSecretBox } from './secrets';

describe('secret box', () => {
  it('round-trips and never stores the plain text', () => {
    const box = createSecretBox('s3cret');
    const stored = box.encrypt('sk-live-1234567890');
    expect(stored).toMatch(/^enc:v1:/);
    expect(stored).not.toContain('1234567890');
    expect(box.decrypt(stored)).toBe('sk-live-1234567890');
    expect(box.encrypt('same')).not.toBe(box.encrypt('same'));
  });
  it('given another secret › refuses to decrypt', () => {
    const stored = createSecretBox('a').encrypt('sk-x');
    expect(() => createSecretBox('b').decrypt(stored)).toThrow();
  });
  it('reads legacy plain values as they are', () => {
    expect(createSecretBox('a').decrypt('sk-plain')).toBe('sk-plain');
  });
});
