import { describe, expect, it } from 'vitest';
import { safeColor } from './config';
import { contrastRatio, darkText, luminance, parseColor, textOn } from './contrast';

const white = 1;
const dark = luminance([17, 24, 39]);
const ratios = (color: string) => {
  const l = luminance(parseColor(color)!);
  return { white: contrastRatio(l, white), dark: contrastRatio(l, dark) };
};
const close = (actual: number[] | null, expected: number[]) => {
  expect(actual).toHaveLength(expected.length);
  actual!.forEach((v, i) => expect(v).toBeCloseTo(expected[i]!, 0));
};

describe('WCAG contrast', () => {
  it('computes relative luminance and contrast ratios as WCAG 2 defines them', () => {
    expect(luminance([255, 255, 255])).toBe(1);
    expect(luminance([0, 0, 0])).toBe(0);
    // The well-known limits: #767676 is the lightest grey with 4.5:1 on white, #777 is not.
    expect(contrastRatio(luminance(parseColor('#767676')!), white)).toBeCloseTo(4.54, 2);
    expect(contrastRatio(luminance(parseColor('#777')!), white)).toBeCloseTo(4.48, 2);
    expect(contrastRatio(0, 1)).toBe(21);
    expect(contrastRatio(1, 0)).toBe(21);
  });

  it('picks dark text on the default #667eea: 4.85:1 against 3.66:1 for white', () => {
    expect(ratios('#667eea').white).toBeCloseTo(3.66, 2);
    expect(ratios('#667eea').dark).toBeCloseTo(4.85, 2);
    expect(textOn('#667eea')).toBe(darkText);
    expect(darkText).toBe('#111827');
  });

  it('picks whichever text colour contrasts more, for light and dark colours', () => {
    for (const c of ['#fff', '#ffeb3b', '#fbbf24', '#22c55e', '#93c5fd', '#888888'])
      expect(textOn(c), c).toBe(darkText);
    for (const c of ['#000', '#0f766e', '#1d4ed8', '#7c3aed', '#dc2626', '#555555'])
      expect(textOn(c), c).toBe('#fff');
    // Always the higher ratio, across the whole grey ramp (the switch is near #777).
    for (let v = 0; v < 256; v += 5) {
      const c = `rgb(${v} ${v} ${v})`;
      const r = ratios(c);
      expect(textOn(c), c).toBe(r.dark > r.white ? darkText : '#fff');
    }
  });

  it('reads hex colours with 3, 4, 6 and 8 digits', () => {
    expect(parseColor('#667eea')).toEqual([102, 126, 234, 1]);
    expect(parseColor('#667EEA')).toEqual([102, 126, 234, 1]);
    expect(parseColor('#abc')).toEqual([170, 187, 204, 1]);
    expect(parseColor('#abc8')).toEqual([170, 187, 204, 0x88 / 255]);
    expect(parseColor('#667eea80')).toEqual([102, 126, 234, 0x80 / 255]);
    expect(parseColor('#12345')).toBeNull();
    expect(textOn('#fff')).toBe(darkText);
    expect(textOn('#000f')).toBe('#fff');
    expect(textOn('#667eeaff')).toBe(darkText);
  });

  it('reads rgb() and rgba(): commas or spaces, percentages, alpha after a comma or a slash', () => {
    expect(parseColor('rgb(102, 126, 234)')).toEqual([102, 126, 234, 1]);
    expect(parseColor('rgb(102 126 234)')).toEqual([102, 126, 234, 1]);
    expect(parseColor('RGBA(102,126,234,0.5)')).toEqual([102, 126, 234, 0.5]);
    expect(parseColor('rgb(102 126 234 / 50%)')).toEqual([102, 126, 234, 0.5]);
    expect(parseColor('rgba(102 126 234 / .25)')).toEqual([102, 126, 234, 0.25]);
    close(parseColor('rgb(40%, 49.4%, 91.8%)'), [102, 126, 234, 1]);
    // Out of range values are clamped, as browsers do.
    expect(parseColor('rgb(300, -5, 20, 2)')).toEqual([255, 0, 20, 1]);
    expect(parseColor('rgb(1, 2)')).toBeNull();
    expect(textOn('rgb(0,0,0)')).toBe('#fff');
    expect(textOn('rgb(102 126 234)')).toBe(darkText);
  });

  it('reads hsl() and hsla(), hue in degrees (any turn), saturation and lightness in %', () => {
    close(parseColor('hsl(0, 100%, 50%)'), [255, 0, 0, 1]);
    close(parseColor('hsl(120 100% 25%)'), [0, 127.5, 0, 1]);
    close(parseColor('hsla(240, 100%, 50%, 0.5)'), [0, 0, 255, 0.5]);
    close(parseColor('hsl(-120 100% 50% / 20%)'), [0, 0, 255, 0.2]);
    close(parseColor('hsl(480, 100%, 50%)'), [0, 255, 0, 1]);
    close(parseColor('hsl(0 0% 100%)'), [255, 255, 255, 1]);
    close(parseColor('hsl(229.1 75.95% 65.9%)'), [102, 126, 234, 1]);
    expect(textOn('hsl(229.1, 75.95%, 65.9%)')).toBe(darkText);
    expect(textOn('hsl(60 100% 50%)')).toBe(darkText);
    expect(textOn('hsl(210, 80%, 30%)')).toBe('#fff');
  });

  it('reads every numeric form the way the browser does (jsdom as the reference)', () => {
    const forms = [
      '#0a7',
      '#0a78',
      '#fbbf24',
      '#fbbf2480',
      'rgb(10, 200, 30)',
      'rgba(10 200 30 / 40%)',
      'rgb(10%, 50%, 90%)',
      'hsl(200, 60%, 40%)',
      'hsla(20 90% 70% / 0.3)',
      'hsl(330 40% 85%)',
    ];
    for (const form of forms) {
      expect(safeColor(form), form).toBe(form);
      const probe = document.body.appendChild(document.createElement('i'));
      probe.style.color = form;
      const reference = getComputedStyle(probe).color;
      probe.remove();
      const [r, g, b, a = 1] = reference.match(/[\d.]+/g)!.map(Number);
      const parsed = parseColor(form)!;
      [r!, g!, b!].forEach((v, i) =>
        expect(Math.abs(parsed[i]! - v), form).toBeLessThanOrEqual(0.5),
      );
      expect(parsed[3], form).toBeCloseTo(a, 2);
    }
  });

  it('composites a translucent colour over white', () => {
    expect(luminance([0, 0, 0, 0])).toBe(1);
    expect(luminance([0, 0, 0, 0.5])).toBeCloseTo(luminance([127.5, 127.5, 127.5]), 6);
    expect(textOn('rgba(0, 0, 0, 0.1)')).toBe(darkText);
    expect(textOn('rgba(0, 0, 0, 0.9)')).toBe('#fff');
  });

  it('resolves named colours through the browser, in a shadow root, and leaves nothing behind', () => {
    const host = document.body.appendChild(document.createElement('div'));
    const shadow = host.attachShadow({ mode: 'open' });
    expect(parseColor('rebeccapurple', shadow)).toEqual([102, 51, 153, 1]);
    expect(textOn('navy', shadow)).toBe('#fff');
    expect(textOn('White', shadow)).toBe(darkText);
    expect(textOn('gold', shadow)).toBe(darkText);
    expect(textOn('transparent', shadow)).toBe(darkText);
    expect(shadow.childNodes).toHaveLength(0);
    // Through <body> when no root is given.
    expect(textOn('yellow')).toBe(darkText);
    expect(document.body.childNodes).toHaveLength(1);
    host.remove();
  });

  it('falls back to white text for a colour it cannot read', () => {
    expect(textOn('notacolour')).toBe('#fff');
    expect(textOn('navy', null)).toBe('#fff');
    expect(parseColor('notacolour', document.body)).toBeNull();
    expect(textOn('')).toBe('#fff');
  });
});
