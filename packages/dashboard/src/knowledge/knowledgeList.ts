import { indexingLabel, type KnowledgeBase } from '@parley/api-client';
import type { BadgeTone } from '@parley/ui';

/** Keeps the bases whose name or description contains the query (case-insensitive, trimmed). */
export function filterKnowledgeBases<T extends Pick<KnowledgeBase, 'name' | 'description'>>(
  bases: readonly T[],
  query: string,
): T[] {
  const q = query.trim().toLowerCase();
  if (!q) return [...bases];
  return bases.filter(
    (b) => b.name.toLowerCase().includes(q) || (b.description ?? '').toLowerCase().includes(q),
  );
}

/** The list's two empty states (spec §2): a search with no match, or no bases at all. */
export function listEmptyState(query: string) {
  return {
    title: 'No knowledge bases found',
    hint: query.trim()
      ? 'Try adjusting your search terms.'
      : 'Create your first knowledge base to get started.',
  } as const;
}

/**
 * 'HQ • VECTOR' for high_quality ('HQ • FULL-TEXT' when the server has no vector search for it),
 * 'ECONOMY' for anything else, with its badge tone.
 */
export function indexingBadge(
  technique: string,
  vectorSearch?: boolean,
): { label: string; tone: BadgeTone } {
  const label = indexingLabel(technique, vectorSearch);
  return { label, tone: label === 'HQ • VECTOR' ? 'primary' : 'neutral' };
}

export function documentCountLabel(count: number): string {
  return `${count} ${count === 1 ? 'document' : 'documents'}`;
}

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const dateTimeFormat = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'short',
});

/** 'Jan 2, 2025'; an unreadable date is shown as given. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateFormat.format(date);
}

/** 'Jan 2, 2025, 10:00 AM'; an unreadable date is shown as given. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTimeFormat.format(date);
}
