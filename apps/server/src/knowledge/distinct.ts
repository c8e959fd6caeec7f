/** What the overlap filter needs of a ranked passage. */
export interface PassageRef {
  id: string;
  content: string;
  documentId: string;
  position: number;
}

const norm = (s: string) => s.replace(/\s+/g, ' ').trim();

/**
 * Whether two passages of one document share text: neighbours (positions one apart) whose later
 * one begins with words the earlier one holds (the chunk overlap), or one holding the other whole.
 */
export function overlaps(a: PassageRef, b: PassageRef): boolean {
  if (a.documentId !== b.documentId) return norm(a.content) === norm(b.content);
  const [first, second] = a.position <= b.position ? [a, b] : [b, a];
  const x = norm(first.content);
  const y = norm(second.content);
  if (x.includes(y) || y.includes(x)) return true;
  if (second.position - first.position !== 1) return false;
  // The shared stretch of text: the later passage's first words, found inside the earlier one.
  const head = y.slice(0, Math.min(40, y.length));
  const cut = head.lastIndexOf(' ');
  const probe = cut > 20 ? head.slice(0, cut) : head;
  return probe.length >= 12 && x.includes(probe);
}

/**
 * The best `topK` passages, best first, such that no two overlap (the lower-ranked of two
 * overlapping neighbours is dropped): the answer carries `topK` different passages.
 */
export function distinctPassages<T extends PassageRef>(ranked: T[], topK: number): T[] {
  const kept: T[] = [];
  for (const p of ranked) {
    if (kept.length >= topK) break;
    if (kept.some((k) => k.id === p.id || overlaps(k, p))) continue;
    kept.push(p);
  }
  return kept;
}
