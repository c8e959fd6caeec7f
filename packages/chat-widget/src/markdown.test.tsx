import { describe, expect, it } from 'vitest';
import { render } from 'react-dom';
import { Markdown, parseBlocks, parseInline, safeHref } from './markdown';

function html(text: string): HTMLElement {
  const el = document.createElement('div');
  render(<Markdown text={text} />, el);
  return el;
}

describe('markdown subset', () => {
  it('parses inline code, bold, italic, strike, links and bare URLs', () => {
    expect(parseInline('a **b** *c* ~~d~~ `e*f*` [g](https://x.test/g) https://y.test/z.')).toEqual(
      [
        'a ',
        { t: 'strong', c: ['b'] },
        ' ',
        { t: 'em', c: ['c'] },
        ' ',
        { t: 'del', c: ['d'] },
        ' ',
        { t: 'code', v: 'e*f*' },
        ' ',
        { t: 'a', href: 'https://x.test/g', c: ['g'] },
        ' ',
        { t: 'a', href: 'https://y.test/z', c: ['https://y.test/z'] },
        '.',
      ],
    );
    expect(parseInline('snake_case_name and 2 * 3 * 4')).toEqual(['snake_case_name and 2 * 3 * 4']);
  });

  it('parses paragraphs, headings, lists, quotes, rules and fenced code', () => {
    const blocks = parseBlocks(
      '# Title\nline one\nline two\n\n- a\n- b\n\n1. x\n2. y\n\n> quoted\n\n---\n```js\nlet a = "<b>";\n```',
    );
    expect(blocks.map((b) => b.t)).toEqual(['h', 'p', 'ul', 'ol', 'quote', 'hr', 'pre']);
    expect(blocks[1]).toEqual({ t: 'p', c: ['line one', { t: 'br' }, 'line two'] });
    expect(blocks[2]).toEqual({ t: 'ul', items: [['a'], ['b']] });
    expect(blocks[6]).toEqual({ t: 'pre', v: 'let a = "<b>";' });
  });

  it('renders as elements', () => {
    const el = html('Hello **there**\n\n1. one\n2. [two](https://two.test)');
    expect(el.querySelector('strong')?.textContent).toBe('there');
    expect(el.querySelectorAll('ol li')).toHaveLength(2);
    const a = el.querySelector('a')!;
    expect(a.getAttribute('href')).toBe('https://two.test/');
    expect(a.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    expect(a.getAttribute('target')).toBe('_blank');
  });

  it('accepts only absolute http(s), mailto and tel links', () => {
    expect(safeHref('https://a.test/x?y=1')).toBe('https://a.test/x?y=1');
    expect(safeHref('mailto:a@b.test')).toBe('mailto:a@b.test');
    expect(safeHref('tel:+123')).toBe('tel:+123');
    for (const bad of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:x',
      '/relative',
      '//evil.test',
    ])
      expect(safeHref(bad)).toBeNull();
  });
});

/** Replies an attacker might get the model (or the offline responder's echo) to produce. */
const xssCorpus = [
  '<script>window.__xss = 1</script>',
  '<img src=x onerror="window.__xss = 1">',
  '<svg onload="window.__xss = 1"><circle r="1"/></svg>',
  '<svg><script>window.__xss = 1</script></svg>',
  '<iframe src="javascript:window.__xss = 1"></iframe>',
  '<a href="javascript:window.__xss = 1">click</a>',
  '[click](javascript:window.__xss=1)',
  '[click](JAVASCRIPT:window.__xss=1)',
  '[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '![x](https://x.test/x.png" onerror="window.__xss=1)',
  '<details open ontoggle="window.__xss=1">',
  '<math><mtext><table><mglyph><style><img src=x onerror="window.__xss=1">',
  '<style>*{display:none}</style>',
  '<object data="javascript:window.__xss=1"></object>',
  '**<img src=x onerror=window.__xss=1>**',
  '`<script>window.__xss=1</script>`',
  '```\n<script>window.__xss=1</script>\n```',
  '> <img src=x onerror=window.__xss=1>',
  '- <a href=javascript:window.__xss=1>x</a>',
  '[<img src=x onerror=window.__xss=1>](https://ok.test)',
];

describe('XSS corpus in bot replies', () => {
  it.each(xssCorpus)('renders %s inert', (reply) => {
    const el = html(`Before\n\n${reply}\n\nafter`);
    const all = [...el.querySelectorAll('*')];
    const tags = new Set(all.map((n) => n.tagName.toLowerCase()));
    for (const tag of tags)
      expect([
        'p',
        'br',
        'strong',
        'em',
        'del',
        'code',
        'pre',
        'a',
        'ul',
        'ol',
        'li',
        'blockquote',
        'hr',
      ]).toContain(tag);
    for (const node of all) {
      for (const attr of [...node.attributes]) {
        expect(['href', 'target', 'rel', 'class', 'start']).toContain(attr.name);
        if (attr.name === 'href') expect(attr.value).toMatch(/^(https?:|mailto:|tel:)/);
      }
    }
    // The markup stays visible as text, so nothing is silently swallowed.
    expect(el.textContent).toContain('Before');
    expect(el.textContent).toContain('after');
  });
});
