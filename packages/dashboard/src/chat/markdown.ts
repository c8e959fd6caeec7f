import { Marked } from 'marked';
import DOMPurify from 'dompurify';

/**
 * Bot answers are markdown written by a model (or by whoever controls its knowledge), so they
 * are untrusted. `renderMarkdown` turns them into HTML that is safe to insert:
 * - raw HTML in the markdown is shown as text, never parsed;
 * - images become links (no requests to foreign hosts just by showing an answer);
 * - headings become bold paragraphs, so an answer never breaks the page's heading order;
 * - the result goes through DOMPurify (scripts, event handlers, javascript: URLs, forms and
 *   styles removed) and links open in a new tab without access to this window.
 */

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

const marked = new Marked({
  gfm: true,
  breaks: true,
  async: false,
  renderer: {
    heading({ tokens, depth }) {
      return `<p data-md-heading="${depth}"><strong>${this.parser.parseInline(tokens)}</strong></p>\n`;
    },
    html({ text }) {
      return escapeHtml(text);
    },
    image({ href, text }) {
      return `<a href="${escapeHtml(href)}">${escapeHtml(text || href)}</a>`;
    },
  },
});

const forbiddenTags = [
  'style',
  'img',
  'picture',
  'video',
  'audio',
  'iframe',
  'object',
  'embed',
  'form',
  'input',
  'button',
  'textarea',
  'select',
  'svg',
  'math',
];

type Purifier = ReturnType<typeof DOMPurify>;
let purifier: Purifier | null | undefined;

function getPurifier(): Purifier | null {
  if (purifier !== undefined) return purifier;
  if (typeof window === 'undefined') {
    purifier = null;
    return purifier;
  }
  // An own instance: the link hook below must not change other users of DOMPurify.
  const instance = DOMPurify(window);
  instance.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A') {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer nofollow');
    }
  });
  purifier = instance;
  return purifier;
}

/** Markdown → sanitized HTML (see above). Without a DOM the text comes back escaped. */
export function renderMarkdown(markdown: string): string {
  const purify = getPurifier();
  if (!purify) return escapeHtml(markdown);
  const html = marked.parse(markdown) as string;
  return purify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: forbiddenTags,
    FORBID_ATTR: ['style', 'class', 'id', 'name'],
  });
}
