/**
 * The text colour on the primary colour: white or dark (#111827), whichever has the higher WCAG 2
 * contrast ratio against it; white when the colour cannot be read.
 *
 * The chat widget's contrast.ts parses hex, rgb() and hsl() itself; this first script has no
 * room for that (10 KB gzip budget), so the browser reads every form safeColor accepts (hex with
 * 3, 4, 6 or 8 digits, rgb()/rgba(), hsl()/hsla(), named colours): the computed colour of a
 * probe element appended to `root` (a connected node, e.g. the widget's shadow root, where the
 * page's CSS does not reach) and removed at once. A translucent colour counts as composited over
 * white. Same choice as the chat widget's textOn.
 */
export function textOn(color: string, root: ParentNode | null = document.body): string {
  const probe = root?.appendChild(document.createElement('i'));
  if (!probe) return '#fff';
  probe.style.color = color;
  // The computed rgb(r, g, b) or rgba(r, g, b, a); none for a colour the browser rejects.
  const rgba = probe.style.color
    ? getComputedStyle(probe)
        .color.match(/[\d.]+/g)
        ?.map(Number)
    : undefined;
  probe.remove();
  if (rgba?.[2] === undefined) return '#fff';
  const a = rgba[3] ?? 1;
  // WCAG 2 relative luminance: sRGB channels (over white) linearised and weighted.
  const luminance = [0.2126, 0.7152, 0.0722].reduce((sum, weight, i) => {
    const s = 1 - a + (rgba[i]! * a) / 255;
    return sum + weight * (s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4);
  }, 0);
  // The contrast with #111827 (luminance 0.0091892) beats the contrast with white (luminance 1)
  // when (L + 0.05) / 0.0591892 > 1.05 / (L + 0.05), i.e. L > 0.1992964.
  return luminance > 0.1992964 ? '#111827' : '#fff';
}
