import { describe, expect, it } from 'vitest';
import {
  knowledgeItemsOf,
  knowledgeStorageKey,
  readKnownNames,
  readStoredIds,
} from './knowledgeSelection';
import type { KnowledgeBaseSummary } from '../../api/DashboardApi';

const base = (id: string, name: string): KnowledgeBaseSummary =>
  ({ id, name, indexingTechnique: 'economy' }) as KnowledgeBaseSummary;

describe('knowledgeItemsOf', () => {
  it('names a loaded base with its badge, and a missing one DELETED once the list has loaded', () => {
    const items = knowledgeItemsOf(['a', 'gone'], [base('a', 'Docs')], true, {}, undefined);
    expect(items[0]).toMatchObject({ id: 'a', name: 'Docs', deleted: false });
    expect(items[0]!.badge).not.toBe('');
    expect(items[1]).toEqual({
      id: 'gone',
      name: 'Deleted knowledge base',
      badge: 'DELETED',
      deleted: true,
    });
  });

  it('badges a high-quality base searched with full text only as such, not VECTOR', () => {
    const hq = (vectorSearch: boolean) =>
      ({
        id: 'h',
        name: 'HQ',
        indexingTechnique: 'high_quality',
        vectorSearch,
      }) as KnowledgeBaseSummary;
    expect(knowledgeItemsOf(['h'], [hq(false)], true, {}, undefined)[0]!.badge).toBe(
      'HQ • FULL-TEXT',
    );
    expect(knowledgeItemsOf(['h'], [hq(true)], true, {}, undefined)[0]!.badge).toBe('HQ • VECTOR');
  });

  it('keeps a deleted base under its last known name (seen before, else stored on the agent)', () => {
    const agent = { knowledge_base_names: { y: 'From agent' } } as never;
    const items = knowledgeItemsOf(['x', 'y'], [], true, { x: 'Seen before' }, agent);
    expect(items.map((i) => i.name)).toEqual(['Seen before', 'From agent']);
  });

  it("says 'Loading…' until the list has loaded", () => {
    expect(knowledgeItemsOf(['x'], [], false, {}, undefined)[0]).toMatchObject({
      name: 'Loading…',
      badge: '',
      deleted: false,
    });
  });
});

describe('stored selection', () => {
  it('reads ids and names, ignoring what is not strings or not JSON', () => {
    const store = new Map<string, string>([
      [knowledgeStorageKey('ag'), '["k1", 2, "k2"]'],
      ['parley.editor.knowledgeNames', '{"k1": "One", "k2": 3}'],
    ]);
    const storage = { getItem: (k: string) => store.get(k) ?? null };
    expect(readStoredIds(storage, 'ag')).toEqual(['k1', 'k2']);
    expect(readKnownNames(storage)).toEqual({ k1: 'One' });
    store.set(knowledgeStorageKey('ag'), 'not json');
    expect(readStoredIds(storage, 'ag')).toEqual([]);
    expect(readStoredIds(null, 'ag')).toEqual([]);
  });
});
