/** The character that stands in for each hidden character. */
export const MASK_CHAR = '•';

/**
 * Masks a secret for display: every character but the last four becomes '•', so the length
 * stays recognisable ('sk-live-1234' → '••••••••1234'). Values of four characters or fewer are
 * masked completely (showing them would reveal the whole secret); '' stays ''. Counts Unicode code
 * points, so an emoji is one character.
 */
export function maskValue(value: string): string {
  const chars = Array.from(value);
  if (chars.length <= 4) return MASK_CHAR.repeat(chars.length);
  return MASK_CHAR.repeat(chars.length - 4) + chars.slice(-4).join('');
}
