import { describe, expect, it } from 'vitest';
import { isMaskedSecret, maskSecret } from './secrets';

describe('maskSecret', () => {
  it('given a 40-character secret › only its last 4 characters show', () => {
    const secret = 'sk-proj-0123456789abcdefghij0123456789wxyz';
    expect(secret).toHaveLength(42);
    const token = 'f'.repeat(36) + 'a1b2';
    expect(token).toHaveLength(40);
    expect(maskSecret(token)).toBe(`${'•'.repeat(36)}a1b2`);
    expect(maskSecret(secret)).toBe(`${'•'.repeat(38)}wxyz`);
  });

  it('given a 4-character secret › fully masked, nothing of it shows', () => {
    expect(maskSecret('abcd')).toBe('••••');
    expect(maskSecret('abcd')).not.toContain('abcd');
  });

  it('given fewer than 12 characters › ••••, whatever the length; from 12 › the last 4', () => {
    expect(maskSecret('x')).toBe('••••');
    expect(maskSecret('abcdefghijk')).toBe('••••');
    expect(maskSecret('abcdefghijkl')).toBe('••••••••ijkl');
  });

  it('given an empty or already masked value › unchanged', () => {
    expect(maskSecret('')).toBe('');
    expect(maskSecret('••••••abcd')).toBe('••••••abcd');
    expect(isMaskedSecret('••••••abcd')).toBe(true);
    expect(isMaskedSecret('sk-abcd')).toBe(false);
  });

  it('counts characters outside the BMP as one each', () => {
    expect(maskSecret('🔑🔑🔑🔑🔑🔑🔑🔑abcd')).toBe('••••••••abcd');
    expect(maskSecret('🔑🔑')).toBe('••••');
  });
});
