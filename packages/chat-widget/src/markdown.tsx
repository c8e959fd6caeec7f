import { Fragment, type ReactNode } from 'react';

/**
 * A small Markdown subset for bot replies, parsed into a tree and rendered as elements — never
 * through innerHTML. Raw HTML in a reply stays text, links keep only http(s)/mailto/tel targets,
 * and no attribute other than a checked href is ever set, so a reply cannot run script (it is
 * sanitized by construction). marked + DOMPurify (24 KB gzip together) would not fit the
 * widget's 25 KB budget.
 */

export type Inline =
  | string
  | { t: 'strong' | 'em' | 'del'; c: Inline[] }
  | { t: 'code'; v: string }
  | { t: 'a'; href: string; c: Inline[] }
  | { t: 'br' };

export type Block =
  | { t: 'p'; c: Inline[] }
  | { t: 'h'; level: number; c: Inline[] }
  | { t: 'ul'; items: Inline[][] }
  | { t: 'ol'; items: Inline[][]; start: number }
  | { t: 'pre'; v: string }
  | { t: 'quote'; c: Block[] }
  | { t: 'hr' };

const allowedProtocols = ['http:', 'https:', 'mailto:', 'tel:'];

/** An absolute http(s), mailto or tel URL as the browser would read it; null for anything else. */
export function safeHref(raw: string): string | null {
  try {
    const url = new URL(raw.trim());
    return allowedProtocols.includes(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}

const inlinePattern =
  /`([^`\n]+)`|\[([^\]\n]+)\]\(\s*<?([^\s<>()]+)>?(?:\s+"[^"\n]*")?\s*\)|(https?:\/\/[^\s<>()]*[^\s<>().,:;!?'"*_~])|\*\*(?=\S)([\s\S]*?\S)\*\*|~~(?=\S)([\s\S]*?\S)~~|\*(?=[^\s*])([\s\S]*?[^\s*])\*/g;

export function parseInline(text: string, depth = 0): Inline[] {
  const out: Inline[] = [];
  const push = (s: string) => {
    if (!s) return;
    const last = out[out.length - 1];
    if (typeof last === 'string') out[out.length - 1] = last + s;
    else out.push(s);
  };
  if (depth > 4) {
    push(text);
    return out;
  }
  const re = new RegExp(inlinePattern.source, 'g');
  let at = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    push(text.slice(at, m.index));
    at = m.index + m[0].length;
    const [whole, code, linkText, linkUrl, bare, strong, del, em] = m;
    if (code !== undefined) out.push({ t: 'code', v: code });
    else if (linkText !== undefined) {
      const href = safeHref(linkUrl ?? '');
      if (href) out.push({ t: 'a', href, c: parseInline(linkText, depth + 1) });
      else push(linkText);
    } else if (bare !== undefined) {
      const href = safeHref(bare);
      if (href) out.push({ t: 'a', href, c: [bare] });
      else push(bare);
    } else if (strong !== undefined) out.push({ t: 'strong', c: parseInline(strong, depth + 1) });
    else if (del !== undefined) out.push({ t: 'del', c: parseInline(del, depth + 1) });
    else if (em !== undefined) out.push({ t: 'em', c: parseInline(em, depth + 1) });
    else push(whole);
  }
  push(text.slice(at));
  return out;
}

const fenceRe = /^\s{0,3}(```|~~~)/;
const headingRe = /^\s{0,3}(#{1,6})\s+(.*?)(?:\s+#+)?\s*$/;
const hrRe = /^\s{0,3}([-*_])(?:\s*\1){2,}\s*$/;
const quoteRe = /^\s{0,3}>\s?/;
const itemRe = /^\s{0,3}(?:([-*+])|(\d{1,9})[.)])\s+(.*)$/;

function startsBlock(line: string): boolean {
  return (
    fenceRe.test(line) ||
    headingRe.test(line) ||
    hrRe.test(line) ||
    quoteRe.test(line) ||
    itemRe.test(line)
  );
}

function withBreaks(lines: string[], depth: number): Inline[] {
  const out: Inline[] = [];
  lines.forEach((line, i) => {
    if (i > 0) out.push({ t: 'br' });
    out.push(...parseInline(line.trim(), depth));
  });
  return out;
}

export function parseBlocks(source: string, depth = 0): Block[] {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  const out: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    if (!line.trim()) {
      i++;
      continue;
    }
    const fence = fenceRe.exec(line);
    if (fence) {
      const body: string[] = [];
      i++;
      while (i < lines.length && !lines[i]!.trimStart().startsWith(fence[1]!))
        body.push(lines[i++]!);
      i++;
      out.push({ t: 'pre', v: body.join('\n') });
      continue;
    }
    const heading = headingRe.exec(line);
    if (heading) {
      out.push({ t: 'h', level: heading[1]!.length, c: parseInline(heading[2]!) });
      i++;
      continue;
    }
    if (hrRe.test(line)) {
      out.push({ t: 'hr' });
      i++;
      continue;
    }
    if (quoteRe.test(line) && depth < 3) {
      const body: string[] = [];
      while (i < lines.length && quoteRe.test(lines[i]!))
        body.push(lines[i++]!.replace(quoteRe, ''));
      out.push({ t: 'quote', c: parseBlocks(body.join('\n'), depth + 1) });
      continue;
    }
    const item = itemRe.exec(line);
    if (item) {
      const ordered = item[2] !== undefined;
      const items: Inline[][] = [];
      let current: string[] = [];
      while (i < lines.length) {
        const l = lines[i]!;
        const m = itemRe.exec(l);
        if (m && (m[2] !== undefined) === ordered) {
          if (current.length) items.push(withBreaks(current, depth));
          current = [m[3]!];
          i++;
        } else if (l.trim() && !startsBlock(l) && /^\s/.test(l)) {
          current.push(l);
          i++;
        } else if (!l.trim() && i + 1 < lines.length && itemRe.test(lines[i + 1]!)) {
          i++;
        } else break;
      }
      items.push(withBreaks(current, depth));
      out.push(ordered ? { t: 'ol', items, start: Number(item[2]) || 1 } : { t: 'ul', items });
      continue;
    }
    const para: string[] = [];
    while (i < lines.length && lines[i]!.trim() && (para.length === 0 || !startsBlock(lines[i]!)))
      para.push(lines[i++]!);
    out.push({ t: 'p', c: withBreaks(para, depth) });
  }
  return out;
}

function renderInline(nodes: Inline[]): ReactNode[] {
  return nodes.map((n, k) => {
    if (typeof n === 'string') return n;
    switch (n.t) {
      case 'br':
        return <br key={k} />;
      case 'code':
        return <code key={k}>{n.v}</code>;
      case 'a':
        return (
          <a key={k} href={n.href} target="_blank" rel="noopener noreferrer nofollow">
            {renderInline(n.c)}
          </a>
        );
      case 'strong':
        return <strong key={k}>{renderInline(n.c)}</strong>;
      case 'em':
        return <em key={k}>{renderInline(n.c)}</em>;
      case 'del':
        return <del key={k}>{renderInline(n.c)}</del>;
    }
  });
}

/**
 * `headings`: the level a reply's `#` heading gets (deeper ones follow, h6 at most), for a page
 * whose outline the reply belongs to; without it every heading is a bold paragraph (inside a
 * widget on someone else's page, real heading levels would disturb that page's outline).
 */
function renderBlocks(blocks: Block[], headings?: number): ReactNode[] {
  return blocks.map((b, k) => {
    switch (b.t) {
      case 'p':
        return <p key={k}>{renderInline(b.c)}</p>;
      case 'h': {
        if (headings) {
          const Tag = `h${Math.min(6, headings + b.level - 1)}` as 'h2';
          return (
            <Tag key={k} className={`h h${b.level}`}>
              {renderInline(b.c)}
            </Tag>
          );
        }
        return (
          <p key={k} className={`h h${b.level}`}>
            <strong>{renderInline(b.c)}</strong>
          </p>
        );
      }
      case 'ul':
        return (
          <ul key={k}>
            {b.items.map((item, j) => (
              <li key={j}>{renderInline(item)}</li>
            ))}
          </ul>
        );
      case 'ol':
        return (
          <ol key={k} start={b.start}>
            {b.items.map((item, j) => (
              <li key={j}>{renderInline(item)}</li>
            ))}
          </ol>
        );
      case 'pre':
        return (
          <pre key={k}>
            <code>{b.v}</code>
          </pre>
        );
      case 'quote':
        return <blockquote key={k}>{renderBlocks(b.c, headings)}</blockquote>;
      case 'hr':
        return <hr key={k} />;
    }
  });
}

/** A bot reply as elements; `headings` as in renderBlocks. */
export function Markdown({ text, headings }: { text: string; headings?: number }) {
  return <Fragment>{renderBlocks(parseBlocks(text), headings)}</Fragment>;
}

function inlineText(nodes: Inline[]): string {
  return nodes
    .map((n) =>
      typeof n === 'string' ? n : n.t === 'br' ? ' ' : n.t === 'code' ? n.v : inlineText(n.c),
    )
    .join('');
}

function blockText(b: Block): string {
  if (b.t === 'p' || b.t === 'h') return inlineText(b.c);
  if (b.t === 'ul' || b.t === 'ol') return b.items.map(inlineText).join('. ');
  if (b.t === 'pre') return b.v;
  if (b.t === 'quote') return b.c.map(blockText).join(' ');
  return '';
}

/** The reply without markup, for the screen-reader announcement. */
export function plainText(text: string): string {
  return parseBlocks(text).map(blockText).filter(Boolean).join(' ');
}
