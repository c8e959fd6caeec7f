// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  documentCountLabel,
  filterKnowledgeBases,
  formatDate,
  indexingBadge,
  listEmptyState,
} from './knowledgeList';

const bases = [
  { id: '1', name: 'Product documentation', description: 'Manuals and how-to GUIDES' },
  { id: '2', name: 'Clinic FAQ', description: 'Opening hours, parking' },
  { id: '3', name: 'Billing policies', description: null },
];

describe('filterKnowledgeBases', () => {
  it('given a query in another case › matches names', () => {
    expect(filterKnowledgeBases(bases, 'clinic').map((b) => b.id)).toEqual(['2']);
  });

  it('given a query › matches descriptions too, and a missing description never matches', () => {
    expect(filterKnowledgeBases(bases, 'guides').map((b) => b.id)).toEqual(['1']);
    expect(filterKnowledgeBases(bases, 'null')).toEqual([]);
  });

  it('given a blank query › keeps every base', () => {
    expect(filterKnowledgeBases(bases, '   ')).toHaveLength(3);
  });

  it('trims the query before matching', () => {
    expect(filterKnowledgeBases(bases, '  billing ').map((b) => b.id)).toEqual(['3']);
  });
});

describe('listEmptyState', () => {
  it('given a search › asks to adjust the search terms', () => {
    expect(listEmptyState('zzz')).toEqual({
      title: 'No knowledge bases found',
      hint: 'Try adjusting your search terms.',
    });
  });

  it('given no search › invites creating the first base', () => {
    expect(listEmptyState('').hint).toBe('Create your first knowledge base to get started.');
  });
});

describe('indexingBadge', () => {
  it('shows high_quality as HQ • VECTOR and anything else as ECONOMY', () => {
    expect(indexingBadge('high_quality')).toEqual({ label: 'HQ • VECTOR', tone: 'primary' });
    expect(indexingBadge('economy')).toEqual({ label: 'ECONOMY', tone: 'neutral' });
    expect(indexingBadge('something_else').label).toBe('ECONOMY');
    // A high_quality base the server searches with full text only is not called VECTOR.
    expect(indexingBadge('high_quality', false)).toEqual({
      label: 'HQ • FULL-TEXT',
      tone: 'neutral',
    });
    expect(indexingBadge('high_quality', true).label).toBe('HQ • VECTOR');
  });
});

describe('labels', () => {
  it('counts documents in the singular and plural', () => {
    expect(documentCountLabel(1)).toBe('1 document');
    expect(documentCountLabel(0)).toBe('0 documents');
    expect(documentCountLabel(12)).toBe('12 documents');
  });

  it('formats dates and keeps an unreadable one as given', () => {
    expect(formatDate('2025-01-02T10:00:00.000Z')).toBe('Jan 2, 2025');
    expect(formatDate('soon')).toBe('soon');
    expect(formatDate(null)).toBe('');
  });
});
