import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './markdown';

function render(markdown: string): HTMLElement {
  const div = document.createElement('div');
  div.innerHTML = renderMarkdown(markdown);
  return div;
}

describe('renderMarkdown', () => {
  it('renders the usual markdown: emphasis, lists, code, tables, line breaks', () => {
    const el = render(
      '**Hours**\n\n- Mon–Fri 8–18\n- Sat 9–14\n\n`code` and\n```\nblock\n```\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\nline one\nline two',
    );
    expect(el.querySelector('strong')?.textContent).toBe('Hours');
    expect([...el.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'Mon–Fri 8–18',
      'Sat 9–14',
    ]);
    expect(el.querySelector('pre code')?.textContent).toBe('block\n');
    expect(el.querySelector('table td')?.textContent).toBe('1');
    expect(el.querySelector('br')).not.toBeNull();
  });

  it('given raw HTML or script in the answer › shows it as text and runs nothing', () => {
    const el = render(
      'Hi <script>alert(1)</script> <img src=x onerror="alert(2)"> <b onclick="x()">b</b>',
    );
    expect(el.querySelector('script, img, b, [onerror], [onclick]')).toBeNull();
    expect(el.textContent).toContain('<script>alert(1)</script>');
  });

  it('given a javascript: link › drops the URL', () => {
    const el = render('[click](javascript:alert(1)) [data](data:text/html;base64,PHNjcmlwdD4=)');
    for (const a of el.querySelectorAll('a')) {
      expect(a.getAttribute('href') ?? '').not.toMatch(/^(javascript|data):/i);
    }
  });

  it('opens links in a new tab without opener access', () => {
    const a = render('[docs](https://example.com/docs)').querySelector('a');
    expect(a?.getAttribute('href')).toBe('https://example.com/docs');
    expect(a?.getAttribute('target')).toBe('_blank');
    expect(a?.getAttribute('rel')).toBe('noopener noreferrer nofollow');
  });

  it('turns images into links, so showing an answer loads nothing from elsewhere', () => {
    const el = render('![the chart](https://tracker.example.com/pixel.png)');
    expect(el.querySelector('img')).toBeNull();
    const a = el.querySelector('a');
    expect(a?.textContent).toBe('the chart');
    expect(a?.getAttribute('href')).toBe('https://tracker.example.com/pixel.png');
  });

  it('turns headings into bold paragraphs (the page keeps its heading order)', () => {
    const el = render('# Big\n\n### Small');
    expect(el.querySelector('h1, h2, h3, h4, h5, h6')).toBeNull();
    const headings = [...el.querySelectorAll('[data-md-heading]')];
    expect(headings.map((h) => [h.getAttribute('data-md-heading'), h.textContent])).toEqual([
      ['1', 'Big'],
      ['3', 'Small'],
    ]);
  });

  it('removes inline styles and classes', () => {
    const el = render('```js\nx\n```');
    expect(el.querySelector('[class], [style]')).toBeNull();
  });
});
