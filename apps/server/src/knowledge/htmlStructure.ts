// An imported web page's main content as the chunker reads structure: headings as `#` lines
// (so each passage carries its heading path), code blocks fenced (never split, a `#` inside is
// not a heading), lists as `-` / `1.` items, tables as `|` rows, and inline code, bold and
// italic kept as markdown marks. Without it a page's headings, lists and tables ran together
// into one text (Readability's textContent).

/** The DOM subset we read (linkedom's and the browser's nodes both have it). */
interface DomNode {
  nodeType: number;
  nodeName: string;
  textContent: string | null;
  childNodes: ArrayLike<DomNode>;
  getAttribute?(name: string): string | null;
}

const TEXT = 3;
const ELEMENT = 1;

const SKIP = new Set([
  'SCRIPT',
  'STYLE',
  'NOSCRIPT',
  'TEMPLATE',
  'SVG',
  'CANVAS',
  'IFRAME',
  'BUTTON',
  'FORM',
  'INPUT',
  'SELECT',
  'TEXTAREA',
  'NAV',
]);
const BLOCKS = new Set([
  'P',
  'DIV',
  'SECTION',
  'ARTICLE',
  'MAIN',
  'HEADER',
  'FOOTER',
  'ASIDE',
  'BLOCKQUOTE',
  'FIGURE',
  'FIGCAPTION',
  'ADDRESS',
  'DETAILS',
  'SUMMARY',
  'DL',
  'DD',
  'HR',
  'CAPTION',
]);

const squash = (s: string) => s.replace(/\s+/g, ' ');
const children = (n: DomNode) => Array.from(n.childNodes);
const tag = (n: DomNode) => n.nodeName.toUpperCase();

/** Inline content: text with its marks, whitespace collapsed (line breaks kept from <br>). */
function inline(node: DomNode): string {
  if (node.nodeType === TEXT) return squash(node.textContent ?? '');
  if (node.nodeType !== ELEMENT || SKIP.has(tag(node))) return '';
  const inner = () => children(node).map(inline).join('');
  switch (tag(node)) {
    case 'BR':
      return '\n';
    case 'CODE':
    case 'KBD':
    case 'SAMP':
    case 'TT': {
      const text = squash(node.textContent ?? '').trim();
      return text ? `\`${text.replace(/`/g, "'")}\`` : '';
    }
    case 'STRONG':
    case 'B': {
      const text = inner().trim();
      return text ? `**${text}**` : '';
    }
    case 'EM':
    case 'I':
    case 'DFN':
    case 'CITE': {
      const text = inner().trim();
      return text && !/[_\n]/.test(text) ? `_${text}_` : text;
    }
    case 'IMG': {
      const alt = node.getAttribute?.('alt')?.trim();
      return alt ? alt : '';
    }
    default:
      return inner();
  }
}

/** Lines of one block-level node; `out` collects them, blank lines between blocks. */
function block(node: DomNode, out: string[], depth: number): void {
  if (node.nodeType === TEXT) {
    const text = squash(node.textContent ?? '').trim();
    if (text) out.push(text);
    return;
  }
  if (node.nodeType !== ELEMENT) return;
  const name = tag(node);
  if (SKIP.has(name)) return;
  const heading = /^H([1-6])$/.exec(name);
  if (heading) {
    const text = squash(children(node).map(inline).join('')).trim();
    if (text) out.push('', `${'#'.repeat(Number(heading[1]))} ${text}`, '');
    return;
  }
  if (name === 'PRE') {
    const code = (node.textContent ?? '').replace(/^\s*\n/, '').replace(/\s+$/, '');
    if (code.trim()) out.push('', '```', ...code.split('\n'), '```', '');
    return;
  }
  if (name === 'UL' || name === 'OL') {
    out.push('');
    let n = 0;
    for (const item of children(node)) {
      if (item.nodeType !== ELEMENT || tag(item) !== 'LI') continue;
      n++;
      const marker = name === 'OL' ? `${n}.` : '-';
      listItem(item, out, depth, marker);
    }
    out.push('');
    return;
  }
  if (name === 'TABLE') {
    table(node, out);
    return;
  }
  if (name === 'DT') {
    const text = squash(children(node).map(inline).join('')).trim();
    if (text) out.push('', text);
    return;
  }
  if (BLOCKS.has(name) || hasBlockChild(node)) {
    out.push('');
    flow(node, out, depth);
    out.push('');
    return;
  }
  const text = children(node).map(inline).join('').trim();
  if (text) out.push(...text.split('\n').map((l) => l.trim()));
}

/** A node's children: runs of inline content become one paragraph, blocks their own lines. */
function flow(node: DomNode, out: string[], depth: number) {
  let run = '';
  const endRun = () => {
    const text = run
      .split('\n')
      .map((l) => squash(l).trim())
      .filter(Boolean);
    if (text.length) out.push('', ...text, '');
    run = '';
  };
  for (const child of children(node)) {
    if (child.nodeType === ELEMENT && isBlock(child)) {
      endRun();
      block(child, out, depth);
    } else run += inline(child);
  }
  endRun();
}

function listItem(item: DomNode, out: string[], depth: number, marker: string) {
  const indent = '  '.repeat(depth);
  const lines: string[] = [];
  flow(item, lines, depth + 1);
  const body = lines.filter((l, i, all) => l !== '' || (i > 0 && all[i - 1] !== ''));
  while (body[0] === '') body.shift();
  while (body[body.length - 1] === '') body.pop();
  if (!body.length) return;
  out.push(`${indent}${marker} ${body[0]!.trim()}`);
  for (const line of body.slice(1)) {
    if (line === '') continue;
    // Nested list items keep their own (deeper) indentation; other lines continue the item.
    out.push(/^\s*(?:[-*+]|\d+\.)\s/.test(line) ? line : `${indent}  ${line.trim()}`);
  }
}

function table(node: DomNode, out: string[]) {
  const rows: string[][] = [];
  const walk = (n: DomNode) => {
    for (const c of children(n)) {
      if (c.nodeType !== ELEMENT) continue;
      if (tag(c) === 'TR') {
        rows.push(
          children(c)
            .filter((cell) => cell.nodeType === ELEMENT && /^T[DH]$/.test(tag(cell)))
            .map((cell) =>
              squash(children(cell).map(inline).join(' ')).trim().replace(/\|/g, '\\|'),
            ),
        );
      } else if (tag(c) !== 'TABLE') walk(c);
    }
  };
  walk(node);
  const kept = rows.filter((r) => r.some(Boolean));
  if (!kept.length) return;
  const width = Math.max(...kept.map((r) => r.length));
  out.push('');
  kept.forEach((r, i) => {
    const cells = [...r, ...Array(width - r.length).fill('')];
    out.push(`| ${cells.join(' | ')} |`);
    if (i === 0) out.push(`|${' --- |'.repeat(width)}`);
  });
  out.push('');
}

const BLOCK_NAMES = new Set([...BLOCKS, 'UL', 'OL', 'LI', 'PRE', 'TABLE', 'DT', 'TR', 'TBODY']);
function isBlock(n: DomNode): boolean {
  const name = tag(n);
  return BLOCK_NAMES.has(name) || /^H[1-6]$/.test(name) || hasBlockChild(n);
}
function hasBlockChild(n: DomNode): boolean {
  if (tag(n) === 'PRE') return false;
  return children(n).some(
    (c) =>
      c.nodeType === ELEMENT &&
      (BLOCK_NAMES.has(tag(c)) || /^H[1-6]$/.test(tag(c)) || hasBlockChild(c)),
  );
}

/**
 * A DOM node's content as structured plain text (markdown marks): headings, fenced code, list
 * items, table rows; paragraphs separated by one blank line.
 */
export function structuredText(root: DomNode): string {
  const out: string[] = [];
  flow(root, out, 0);
  return out
    .join('\n')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
