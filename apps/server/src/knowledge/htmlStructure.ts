// An imported web page's main content as the chunker reads structure (markdown, by Turndown):
// headings as `#` lines (so each passage carries its heading path), code blocks fenced (never
// split; a `#` inside is not a heading), lists as `-` / `1.` items, tables as `|` rows (GFM),
// inline code, bold and italic as marks. Without it a page's headings, lists and tables ran
// together into one text (Readability's textContent).
import TurndownService from 'turndown';
import { gfm } from '@joplin/turndown-plugin-gfm';

/** The DOM of a node as these rules read it (the server has no DOM types; Turndown parses with domino). */
interface Element {
  nodeName: string;
  textContent: string | null;
  firstElementChild: { nodeName: string } | null;
  getAttribute(name: string): string | null;
}
const element = (node: unknown) => node as Element;

function service() {
  const turndown = new TurndownService({
    headingStyle: 'atx',
    codeBlockStyle: 'fenced',
    bulletListMarker: '-',
    emDelimiter: '_',
    strongDelimiter: '**',
  });
  turndown.use(gfm);
  turndown.remove([
    'script',
    'style',
    'noscript',
    'template',
    'iframe',
    'form',
    'button',
    'input',
    'select',
    'textarea',
    'nav',
  ]);
  // A <pre> without <code> inside is code too (Turndown fences only <pre><code>).
  turndown.addRule('bareCode', {
    filter: (node) =>
      element(node).nodeName === 'PRE' && element(node).firstElementChild?.nodeName !== 'CODE',
    replacement: (_content, node) => {
      const code = (element(node).textContent ?? '').replace(/^\s*\n/, '').replace(/\s+$/, '');
      return code.trim() ? `\n\n\`\`\`\n${code}\n\`\`\`\n\n` : '';
    },
  });
  // What is indexed and shown is the text: a link is its words, an image its alt text.
  turndown.addRule('linkText', { filter: 'a', replacement: (content) => content });
  turndown.addRule('imageAlt', {
    filter: 'img',
    replacement: (_content, node) => element(node).getAttribute('alt')?.trim() ?? '',
  });
  // Text as written: markdown escapes (`max\_connections`, `1\.`) would split words in the index.
  turndown.escape = (text: string) => text;
  return turndown;
}

let shared: TurndownService | null = null;

/**
 * HTML (a page's main content) as structured plain text with markdown marks: headings, fenced
 * code, list items, table rows; paragraphs separated by one blank line.
 */
export function structuredText(html: string): string {
  shared ??= service();
  return shared
    .turndown(html)
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
