import type { ChunkSettings } from '@parley/api-client';

/** Words in a text (for word counts). */
export function wordCount(text: string): number {
  return (text.match(/\S+/g) ?? []).length;
}

const urlPattern = /\b(?:https?:\/\/|www\.)[^\s<>"')]*[^\s<>"'),.;:!?]/gi;
const emailPattern = /\b[\w.+-]+@[\w-]+(?:\.[\w-]+)+\b/g;

/** The spec's two cleaning switches. */
export function cleanText(
  text: string,
  settings: Pick<ChunkSettings, 'replaceExtraSpaces' | 'removeUrlsEmails'>,
): string {
  let out = text.replace(/\r\n?/g, '\n');
  if (settings.removeUrlsEmails) out = out.replace(urlPattern, '').replace(emailPattern, '');
  if (settings.replaceExtraSpaces) {
    out = out
      // Runs of blanks become one space; a lone space is left alone (rewriting every one of them
      // was 95% of chunking time on large documents).
      .replace(/ [ \t\f\v\u00a0]+|[\t\f\v\u00a0][ \t\f\v\u00a0]*/g, ' ')
      .replace(/ *\n */g, '\n')
      .replace(/\n{3,}/g, '\n\n');
  }
  return out.trim();
}

/** headingPriority 0..100 → the deepest markdown heading level that starts a section (1..6). */
export function sectionHeadingLevel(headingPriority: number): number {
  return Math.min(6, Math.max(1, 1 + Math.floor(headingPriority / 20)));
}

function splitLong(text: string, max: number): string[] {
  if (text.length <= max) return [text];
  const parts: string[] = [];
  let current = '';
  for (const para of text.split(/\n{2,}/)) {
    const candidate = current ? `${current}\n\n${para}` : para;
    if (candidate.length <= max) {
      current = candidate;
      continue;
    }
    if (current) parts.push(current);
    if (para.length <= max) current = para;
    else {
      parts.push(...hardSplit(para, max));
      current = '';
    }
  }
  if (current) parts.push(current);
  return parts;
}

/** Splits at sentence ends, then at spaces, never mid-word when avoidable. */
function hardSplit(text: string, max: number): string[] {
  const out: string[] = [];
  let rest = text;
  while (rest.length > max) {
    const window = rest.slice(0, max);
    let cut = Math.max(
      window.lastIndexOf('. '),
      window.lastIndexOf('? '),
      window.lastIndexOf('! '),
    );
    cut = cut > max * 0.5 ? cut + 1 : window.lastIndexOf(' ');
    if (cut <= 0) cut = max;
    out.push(rest.slice(0, cut).trim());
    rest = rest.slice(cut).trim();
  }
  if (rest) out.push(rest);
  return out;
}

/**
 * Structure-aware sections: a markdown heading up to the level set by `headingPriority` starts a
 * section; sections shorter than `minSectionSize` merge into the next; longer than
 * `maxSectionSize` split at paragraphs.
 */
export function splitSections(
  text: string,
  settings: Pick<ChunkSettings, 'headingPriority' | 'minSectionSize' | 'maxSectionSize'>,
): string[] {
  const maxLevel = sectionHeadingLevel(settings.headingPriority);
  const raw: string[] = [];
  let current: string[] = [];
  for (const line of text.split('\n')) {
    const heading = /^(#{1,6})\s+\S/.exec(line);
    if (heading && heading[1]!.length <= maxLevel && current.some((l) => l.trim())) {
      raw.push(current.join('\n').trim());
      current = [];
    }
    current.push(line);
  }
  if (current.some((l) => l.trim())) raw.push(current.join('\n').trim());

  const merged: string[] = [];
  let carry = '';
  for (const section of raw) {
    const combined = carry ? `${carry}\n\n${section}` : section;
    if (combined.length < settings.minSectionSize) carry = combined;
    else {
      merged.push(combined);
      carry = '';
    }
  }
  if (carry) {
    if (
      merged.length &&
      merged[merged.length - 1]!.length + carry.length + 2 <= settings.maxSectionSize
    ) {
      merged[merged.length - 1] = `${merged[merged.length - 1]}\n\n${carry}`;
    } else merged.push(carry);
  }
  return merged.flatMap((s) => splitLong(s, settings.maxSectionSize));
}

/** Chunks of at most `chunkSize` characters, consecutive chunks sharing `chunkOverlap` percent. */
export function chunkSection(section: string, chunkSize: number, chunkOverlap: number): string[] {
  if (section.length <= chunkSize) return [section];
  const overlap = Math.floor((chunkSize * Math.min(100, Math.max(0, chunkOverlap))) / 100);
  const step = Math.max(Math.floor(chunkSize * 0.05), 1, chunkSize - overlap);
  const chunks: string[] = [];
  let start = 0;
  while (start < section.length) {
    let end = Math.min(section.length, start + chunkSize);
    if (end < section.length) {
      const space = section.lastIndexOf(' ', end);
      if (space > start + chunkSize * 0.5) end = space;
    }
    chunks.push(section.slice(start, end).trim());
    if (end >= section.length) break;
    let next = start + step;
    if (next >= end) next = end;
    // Start the next chunk on a word boundary.
    const boundary = section.indexOf(' ', next);
    start = boundary !== -1 && boundary < end ? boundary + 1 : next;
  }
  return chunks.filter(Boolean);
}

/** Clean → sections → chunks: the segments of a document. */
export function chunkDocument(text: string, settings: ChunkSettings): string[] {
  const cleaned = cleanText(text, settings);
  if (!cleaned) return [];
  return splitSections(cleaned, settings).flatMap((s) =>
    chunkSection(s, settings.chunkSize, settings.chunkOverlap),
  );
}

// ---------- Structure-aware chunking (issue 31) ----------

/** A segment and the headings above it (document › section › subsection). */
export interface StructuredSegment {
  content: string;
  headingPath: string[];
}

type BlockKind = 'heading' | 'code' | 'table' | 'list' | 'text';
interface Block {
  kind: BlockKind;
  /** Units a block may be split between when it alone is too long (items, rows, lines, sentences). */
  units: string[];
  level?: number;
  title?: string;
}

const fenceOpen = /^ {0,3}(`{3,}|~{3,})/;
const listItem = /^ {0,3}(?:[-*+]|\d{1,3}[.)])\s+\S/;
const mdHeading = /^ {0,3}(#{1,6})\s+(.+?)\s*#*\s*$/;
/** A numbered clause's title line in a plain-text document ('4. Redistribution.', '1.2 Scope'). */
const clauseTitle = /^\s*(?:section\s+)?(\d+(?:\.\d+)*)\.?\s+([A-Z][^.:;,]{2,60})[.:]?\s*$/i;

const stripMarks = (s: string) =>
  s
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[`*_]/g, '')
    .trim();

/**
 * A document's blocks, in order: headings, fenced (``` or ~~~) and indented code blocks, tables,
 * lists (an item with its nested and continuation lines is one unit) and paragraphs. A `#` inside a
 * code block is code, not a heading. In a document with no markdown heading, a numbered clause's
 * title line is a heading (its depth from the number: 4 → 1, 4.2 → 2).
 */
export function parseBlocks(text: string): Block[] {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const plain = !lines.some((l, i) => mdHeading.test(l) && !insideFence(lines, i));
  const blocks: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    if (!line.trim()) {
      i++;
      continue;
    }
    const fence = fenceOpen.exec(line);
    if (fence) {
      const close = new RegExp(
        `^ {0,3}${fence[1]![0] === '`' ? '`' : '~'}{${fence[1]!.length},}\\s*$`,
      );
      let j = i + 1;
      while (j < lines.length && !close.test(lines[j]!)) j++;
      blocks.push({
        kind: 'code',
        units: codeUnits(lines.slice(i, Math.min(j + 1, lines.length))),
      });
      i = j + 1;
      continue;
    }
    if (/^( {4}|\t)/.test(line) && !listItem.test(line)) {
      let j = i;
      while (j < lines.length && (/^( {4}|\t)/.test(lines[j]!) || !lines[j]!.trim())) j++;
      while (j > i && !lines[j - 1]!.trim()) j--;
      blocks.push({ kind: 'code', units: codeUnits(lines.slice(i, j)) });
      i = j;
      continue;
    }
    const heading = mdHeading.exec(line);
    if (heading) {
      blocks.push({
        kind: 'heading',
        units: [line.trim()],
        level: heading[1]!.length,
        title: stripMarks(heading[2]!),
      });
      i++;
      continue;
    }
    const clause = plain ? clauseTitle.exec(line) : null;
    if (clause) {
      blocks.push({
        kind: 'heading',
        units: [line.trim()],
        level: Math.min(6, clause[1]!.split('.').length),
        title: `${clause[1]} ${clause[2]!.trim()}`,
      });
      i++;
      continue;
    }
    if (/^\s*\|/.test(line)) {
      let j = i;
      while (j < lines.length && /^\s*\|/.test(lines[j]!)) j++;
      blocks.push({ kind: 'table', units: lines.slice(i, j) });
      i = j;
      continue;
    }
    if (listItem.test(line)) {
      const items: string[] = [];
      let j = i;
      let current: string[] = [];
      while (j < lines.length) {
        const l = lines[j]!;
        if (!l.trim()) {
          // A blank line ends the list unless an indented line or another item follows.
          const nextLine = lines[j + 1] ?? '';
          if (listItem.test(nextLine) || /^( {2,}|\t)\S/.test(nextLine)) {
            current.push('');
            j++;
            continue;
          }
          break;
        }
        if (/^ {0,3}(?:[-*+]|\d{1,3}[.)])\s+\S/.test(l) && !/^\s{2,}/.test(l)) {
          if (current.length) items.push(current.join('\n').trim());
          current = [l];
        } else if (fenceOpen.test(l.trimStart()) && /^\s+/.test(l)) {
          // A code block nested in an item belongs to it.
          current.push(l);
          let k = j + 1;
          while (k < lines.length && !fenceOpen.test(lines[k]!.trimStart()))
            current.push(lines[k++]!);
          if (k < lines.length) current.push(lines[k]!);
          j = k;
        } else if (mdHeading.test(l) || fenceOpen.test(l) || /^\s*\|/.test(l)) break;
        else current.push(l);
        j++;
      }
      if (current.length) items.push(current.join('\n').trim());
      blocks.push({ kind: 'list', units: items });
      i = j;
      continue;
    }
    let j = i;
    while (
      j < lines.length &&
      lines[j]!.trim() &&
      !fenceOpen.test(lines[j]!) &&
      !mdHeading.test(lines[j]!) &&
      !(plain && clauseTitle.test(lines[j]!)) &&
      !/^\s*\|/.test(lines[j]!) &&
      !(j > i && listItem.test(lines[j]!))
    )
      j++;
    const para = lines.slice(i, j).join('\n');
    blocks.push({ kind: 'text', units: sentencesOf(para) });
    i = j;
  }
  return blocks;
}

function insideFence(lines: string[], index: number): boolean {
  let open = false;
  for (let i = 0; i < index; i++) if (fenceOpen.test(lines[i]!)) open = !open;
  return open;
}

/** A code block as one unit, or as runs of lines when it is long (split only between lines). */
function codeUnits(lines: string[]): string[] {
  return [lines.join('\n')];
}

function sentencesOf(para: string): string[] {
  return para.split(/(?<=[.!?])\s+(?=[A-Z0-9"'(])/).filter(Boolean);
}

/** A unit longer than `max`: code at line ends, anything else at sentence ends then spaces. */
function splitUnit(unit: string, max: number, code: boolean): string[] {
  if (unit.length <= max) return [unit];
  if (code) {
    const out: string[] = [];
    let cur = '';
    for (const line of unit.split('\n')) {
      const next = cur ? `${cur}\n${line}` : line;
      if (next.length <= max || !cur) cur = next;
      else {
        out.push(cur);
        cur = line;
      }
    }
    if (cur) out.push(cur);
    return out.flatMap((p) => (p.length > max ? hardSplit(p, max) : [p]));
  }
  return hardSplit(unit, max);
}

interface Piece {
  text: string;
  path: string[];
  /** Joined to the previous piece of the same block with '\n' or ' ' (else a blank line). */
  join: string;
  code?: boolean;
}

/**
 * Clean → blocks → sections (a heading up to the `headingPriority` level starts one; shorter than
 * `minSectionSize` merges into the next; longer than `maxSectionSize` splits between blocks, a
 * block that alone is too long between its items, rows, lines or sentences) → chunks of at most
 * `chunkSize` characters made of whole units, consecutive chunks of a section sharing about
 * `chunkOverlap` percent (whole trailing units). Code blocks are kept verbatim (cleaning applies to
 * the text around them). Each segment carries its heading path, headed by `title` when given.
 */
export function chunkDocumentStructured(
  text: string,
  settings: ChunkSettings,
  title?: string,
): StructuredSegment[] {
  const blocks = parseBlocks(text.replace(/\r\n?/g, '\n'));
  const maxLevel = sectionHeadingLevel(settings.headingPriority);
  const root = title ? [title] : [];
  const stack: Array<{ level: number; title: string }> = [];
  const sections: Array<{ path: string[]; pieces: Piece[] }> = [];
  let section: { path: string[]; pieces: Piece[] } = { path: [...root], pieces: [] };
  for (const block of blocks) {
    if (block.kind === 'heading') {
      while (stack.length && stack[stack.length - 1]!.level >= block.level!) stack.pop();
      stack.push({ level: block.level!, title: block.title! });
      const path = [...root, ...stack.map((h) => h.title)];
      if (block.level! <= maxLevel && section.pieces.length) {
        sections.push(section);
        section = { path, pieces: [] };
      } else if (!section.pieces.length) section.path = path;
      section.pieces.push({ text: clean(block.units[0]!, settings), path, join: '' });
      continue;
    }
    const path = [...root, ...stack.map((h) => h.title)];
    const code = block.kind === 'code';
    const units = block.units
      .map((u) =>
        code
          ? u.replace(/\s+$/gm, '')
          : block.kind === 'list'
            ? // Nested items keep their indentation.
              u
                .split('\n')
                .map((l) => `${/^\s*/.exec(l)![0]}${clean(l, settings)}`)
                .filter((l) => l.trim())
                .join('\n')
            : clean(u, settings),
      )
      .filter(Boolean);
    units.forEach((u, k) =>
      section.pieces.push({
        text: u,
        path,
        join: k === 0 ? '' : block.kind === 'text' ? ' ' : '\n',
        code,
      }),
    );
  }
  if (section.pieces.length) sections.push(section);

  // Merge short sections into the next one, as the plain chunker does.
  const merged: Array<{ path: string[]; pieces: Piece[] }> = [];
  let carry: { path: string[]; pieces: Piece[] } | null = null;
  const size = (s: { pieces: Piece[] }) =>
    s.pieces.reduce((n, p) => n + p.text.length + (p.join ? 1 : 2), 0);
  for (const s of sections) {
    const combined: { path: string[]; pieces: Piece[] } = carry
      ? { path: carry.path, pieces: [...carry.pieces, ...s.pieces] }
      : s;
    if (size(combined) < settings.minSectionSize) carry = combined;
    else {
      merged.push(combined);
      carry = null;
    }
  }
  if (carry) {
    const last = merged[merged.length - 1];
    if (last && size(last) + size(carry) <= settings.maxSectionSize)
      last.pieces.push(...carry.pieces);
    else merged.push(carry);
  }

  const out: StructuredSegment[] = [];
  const limit = Math.min(settings.chunkSize, settings.maxSectionSize);
  const overlap = Math.floor(
    (settings.chunkSize * Math.min(100, Math.max(0, settings.chunkOverlap))) / 100,
  );
  for (const s of merged) {
    // Units too long for one chunk are split first (code between lines).
    const pieces = s.pieces.flatMap((p) =>
      splitUnit(p.text, limit, Boolean(p.code)).map((text, k) => ({
        ...p,
        text,
        join: k === 0 ? p.join : ' ',
      })),
    );
    let start = 0;
    while (start < pieces.length) {
      let end = start;
      let length = 0;
      while (end < pieces.length) {
        const add = pieces[end]!.text.length + (end === start ? 0 : pieces[end]!.join ? 1 : 2);
        if (end > start && length + add > limit) break;
        length += add;
        end++;
      }
      const content = pieces
        .slice(start, end)
        .map((p, k) => (k === 0 ? p.text : `${p.join || '\n\n'}${p.text}`))
        .join('')
        .trim();
      if (content) out.push({ content, headingPath: pieces[start]!.path });
      if (end >= pieces.length) break;
      // The next chunk starts with whole trailing units of this one, up to the overlap.
      let back = end;
      let shared = 0;
      while (back - 1 > start && shared + pieces[back - 1]!.text.length <= overlap) {
        shared += pieces[back - 1]!.text.length;
        back--;
      }
      start = back;
    }
  }
  return out;
}

function clean(text: string, settings: ChunkSettings): string {
  return cleanText(text, settings).replace(/\n{2,}/g, '\n');
}
