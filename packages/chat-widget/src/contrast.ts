/**
 * The text colour on the primary colour: white or dark (#111827), whichever has the higher WCAG 2
 * contrast ratio against it. (The voice widget has a copy in its own bundle: keep them alike.)
 */

/** Dark text: Tailwind's gray-900. */
export const darkText = '#111827';

/**
 * The colour as [r, g, b, alpha] (0–255, alpha 0–1), for every form safeColor accepts: hex with
 * 3, 4, 6 or 8 digits; rgb()/rgba() and hsl()/hsla() in comma or space syntax, with an optional
 * alpha (after a comma or a slash) and percentages; a named colour through the browser (the
 * computed colour of a probe element appended to `root`, removed at once). Null when unknown.
 */
export function parseColor(color: string, root?: ParentNode | null): number[] | null {
  const c = color.trim().toLowerCase();
  const hex = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/.exec(c)?.[1];
  if (hex) {
    const [r, g, b, a = 255] = (hex.length < 5 ? hex.replace(/./g, '$&$&') : hex)
      .match(/../g)!
      .map((h) => parseInt(h, 16));
    return [r!, g!, b!, a / 255];
  }
  const fn = /^(rgb|hsl)a?\(([^)]*)\)$/.exec(c);
  if (fn) {
    const parts = fn[2]!.match(/[+-]?(?:\d+\.?\d*|\.\d+)%?/g) ?? [];
    if (parts.length < 3 || parts.length > 4) return null;
    const clamp = (v: number, max: number) => Math.min(Math.max(v, 0), max);
    // A percentage of `full`, or a plain number; 0 to `full`.
    const n = (i: number, full: number) => {
      const p = parts[i] ?? '1';
      return clamp(p.endsWith('%') ? (parseFloat(p) * full) / 100 : parseFloat(p), full);
    };
    const alpha = n(3, 1);
    if (fn[1] === 'rgb') return [n(0, 255), n(1, 255), n(2, 255), alpha];
    // hsl: hue in degrees; saturation and lightness in % (CSS Color 4 allows bare numbers too).
    const h = parseFloat(parts[0]!) / 30;
    const s = clamp(parseFloat(parts[1]!) / 100, 1);
    const l = clamp(parseFloat(parts[2]!) / 100, 1);
    const f = (m: number) => {
      const k = (((m + h) % 12) + 12) % 12;
      return 255 * (l - s * Math.min(l, 1 - l) * Math.max(-1, Math.min(k - 3, 9 - k, 1)));
    };
    return [f(0), f(8), f(4), alpha];
  }
  if (!/^[a-z]+$/.test(c) || !root) return null;
  const probe = root.appendChild(document.createElement('i'));
  probe.style.color = c;
  const known = probe.style.color !== '';
  const computed = known ? getComputedStyle(probe).color : '';
  probe.remove();
  return /^rgba?\(/.test(computed) ? parseColor(computed) : null;
}

/** WCAG 2 relative luminance of an sRGB colour, composited over white when translucent. */
export function luminance([r, g, b, a = 1]: number[]): number {
  const lin = (v: number) => {
    const s = (v * a + 255 * (1 - a)) / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r!) + 0.7152 * lin(g!) + 0.0722 * lin(b!);
}

/** The WCAG 2 contrast ratio of two relative luminances (1 to 21). */
export const contrastRatio = (l1: number, l2: number) =>
  (Math.max(l1, l2) + 0.05) / (Math.min(l1, l2) + 0.05);

const darkLuminance = luminance([17, 24, 39]);

/**
 * White or {@link darkText} on `color`, whichever contrasts more (white on a tie, and when the
 * colour cannot be read). `root` (a connected node, e.g. the widget's shadow root) lets the
 * browser resolve named colours.
 */
export function textOn(
  color: string,
  root: ParentNode | null | undefined = typeof document === 'undefined' ? null : document.body,
): string {
  const rgba = parseColor(color, root);
  if (!rgba) return '#fff';
  const l = luminance(rgba);
  return contrastRatio(l, darkLuminance) > contrastRatio(l, 1) ? darkText : '#fff';
}
