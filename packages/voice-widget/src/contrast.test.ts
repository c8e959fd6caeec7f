import { afterEach, describe, expect, it } from 'vitest';
import { safeColor } from './config';
import { textOn } from './contrast';

const dark = '#111827';

/** An independent WCAG 2 computation: the contrast ratios of white and #111827 on [r, g, b]. */
function ratios([r, g, b]: number[]) {
  const lin = (v: number) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : Math.pow((s + 0.055) / 1.055, 2.4);
  };
  const l = (c: number[]) => 0.2126 * lin(c[0]!) + 0.7152 * lin(c[1]!) + 0.0722 * lin(c[2]!);
  const bg = l([r!, g!, b!]);
  const ratio = (fg: number) => (Math.max(fg, bg) + 0.05) / (Math.min(fg, bg) + 0.05);
  return { white: ratio(1), dark: ratio(l([17, 24, 39])) };
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('textOn (WCAG contrast)', () => {
  it('puts dark text on the default #667eea: 4.85:1 against 3.66:1 for white', () => {
    expect(ratios([102, 126, 234]).white).toBeCloseTo(3.66, 2);
    expect(ratios([102, 126, 234]).dark).toBeCloseTo(4.85, 2);
    expect(textOn('#667eea')).toBe(dark);
  });

  it('picks the higher ratio across the grey ramp and for light and dark colours', () => {
    for (let v = 0; v < 256; v += 5) {
      const r = ratios([v, v, v]);
      expect(textOn(`rgb(${v}, ${v}, ${v})`), `grey ${v}`).toBe(r.dark > r.white ? dark : '#fff');
    }
    for (const c of ['#fff', '#ffeb3b', '#fbbf24', '#22c55e', '#93c5fd', 'rgb(255, 0, 0)'])
      expect(textOn(c), c).toBe(dark);
    for (const c of ['#000', '#0f766e', '#1d4ed8', '#7c3aed', '#dc2626', 'rgb(0, 0, 255)'])
      expect(textOn(c), c).toBe('#fff');
  });

  it('reads every form safeColor accepts: hex (3, 4, 6, 8 digits), rgb(a), hsl(a), names', () => {
    const cases: Array<[string, string]> = [
      ['#abc', dark],
      ['#ABCF', dark],
      ['#123', '#fff'],
      ['#667eea', dark],
      ['#0f766e', '#fff'],
      ['#0f766eff', '#fff'],
      ['rgb(102, 126, 234)', dark],
      ['rgb(102 126 234)', dark],
      ['rgb(40%, 49.4%, 91.8%)', dark],
      ['rgba(15, 118, 110, 1)', '#fff'],
      ['hsl(229.1, 75.95%, 65.9%)', dark],
      ['hsl(175 77% 26%)', '#fff'],
      ['hsla(60, 100%, 50%, 1)', dark],
      ['hsl(240 100% 25% / 100%)', '#fff'],
      ['navy', '#fff'],
      ['RebeccaPurple', '#fff'],
      ['gold', dark],
      ['white', dark],
    ];
    for (const [color, text] of cases) {
      expect(safeColor(color), color).toBe(color);
      expect(textOn(color), color).toBe(text);
    }
  });

  it('counts a translucent colour as composited over white', () => {
    expect(textOn('#0006')).toBe(dark);
    expect(textOn('#000e')).toBe('#fff');
    expect(textOn('rgba(0, 0, 0, 0.1)')).toBe(dark);
    expect(textOn('rgb(0 0 0 / 90%)')).toBe('#fff');
    expect(textOn('hsla(0, 0%, 0%, 0.1)')).toBe(dark);
    expect(textOn('transparent')).toBe(dark);
  });

  it('resolves inside a shadow root, leaves no probe behind, and falls back to white', () => {
    const host = document.body.appendChild(document.createElement('div'));
    const shadow = host.attachShadow({ mode: 'open' });
    expect(textOn('gold', shadow)).toBe(dark);
    expect(textOn('#667eea', shadow)).toBe(dark);
    expect(shadow.childNodes).toHaveLength(0);
    expect(document.body.childNodes).toHaveLength(1);
    expect(textOn('notacolour', shadow)).toBe('#fff');
    expect(textOn('rgb(1, 2)', shadow)).toBe('#fff');
    expect(textOn('#667eea', null)).toBe('#fff');
  });
});
