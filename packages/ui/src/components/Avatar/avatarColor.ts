import { avatarColors } from '../../theme/tokens';

/** The avatar's first character (trimmed), or '' for an empty name. */
function firstChar(name: string): string {
  return name.trim().charAt(0);
}

/**
 * Index into `avatarColors` for a name: (char code of the first character) % 12.
 * An empty name gives 0.
 */
export function avatarColorIndex(name: string): number {
  const first = firstChar(name);
  if (!first) return 0;
  return first.charCodeAt(0) % avatarColors.length;
}

/** One of the 12 fixed avatar colours, chosen by the first character of the name. */
export function avatarColor(name: string): string {
  return avatarColors[avatarColorIndex(name)] ?? avatarColors[0];
}

/** The avatar letter: the first character uppercased, or '?' for an empty name. */
export function avatarInitial(name: string): string {
  const first = Array.from(name.trim())[0];
  return first ? first.toUpperCase() : '?';
}

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** WCAG relative luminance of a `#rrggbb` colour. */
export function relativeLuminance(hex: string): number {
  const n = Number.parseInt(hex.replace('#', ''), 16);
  const r = channel((n >> 16) & 0xff);
  const g = channel((n >> 8) & 0xff);
  const b = channel(n & 0xff);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio between two `#rrggbb` colours (1..21). */
export function contrastRatio(a: string, b: string): number {
  const la = relativeLuminance(a);
  const lb = relativeLuminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/**
 * The avatar background is a fixed colour in every theme, so its letter uses a fixed ink:
 * white or black, whichever contrasts more (all 12 avatar colours then reach WCAG AA 4.5:1).
 */
export const avatarInks = { light: '#ffffff', dark: '#000000' } as const;

export function avatarTextColor(background: string): string {
  return contrastRatio(background, avatarInks.light) >= contrastRatio(background, avatarInks.dark)
    ? avatarInks.light
    : avatarInks.dark;
}
