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
