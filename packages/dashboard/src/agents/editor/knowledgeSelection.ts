import { useEffect, useMemo, useState } from 'react';
import { indexingLabel } from '@parley/api-client';
import type { AgentConfig, KnowledgeBaseSummary } from '../../api/DashboardApi';

// The agent editor's knowledge selection as the browser keeps it: the selected ids mirrored per
// agent (restored when the agent has none) and the last known names of knowledge bases (so a
// deleted one keeps its name), and the Model panel's lines built from them.

/** Browser-storage key of an agent's knowledge selection (restored when the agent has none). */
export const knowledgeStorageKey = (agentId: string) => `parley.editor.knowledge.${agentId}`;

/** Browser-storage key of the last known names of knowledge bases (shown once one is deleted). */
export const knowledgeNamesStorageKey = 'parley.editor.knowledgeNames';

export function readKnownNames(storage: Pick<Storage, 'getItem'> | null): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(knowledgeNamesStorageKey) ?? '{}');
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? Object.fromEntries(
          Object.entries(parsed).filter((e): e is [string, string] => typeof e[1] === 'string'),
        )
      : {};
  } catch {
    return {};
  }
}

/** The knowledge-base line of the Model panel (spec §2): name and badge, or DELETED. */
export interface KnowledgeItem {
  id: string;
  name: string;
  /** 'HQ • VECTOR', 'ECONOMY' or 'DELETED'. */
  badge: string;
  deleted: boolean;
}

export function defaultStorage(): Pick<Storage, 'getItem' | 'setItem'> | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

export function readStoredIds(storage: Pick<Storage, 'getItem'> | null, agentId: string): string[] {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(knowledgeStorageKey(agentId)) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * The Model panel's knowledge lines for the selected ids: a loaded base by its name and badge;
 * else, once the list has loaded, DELETED under its last known name (seen before, or stored on
 * the agent); before that 'Loading…'.
 */
export function knowledgeItemsOf(
  ids: string[],
  bases: KnowledgeBaseSummary[],
  basesLoaded: boolean,
  knownNames: Record<string, string>,
  agent: AgentConfig | undefined,
): KnowledgeItem[] {
  return ids.map((id) => {
    const base = bases.find((b) => b.id === id);
    if (base)
      return {
        id,
        name: base.name,
        badge: indexingLabel(base.indexingTechnique, base.vectorSearch),
        deleted: false,
      };
    // Until the list has loaded we cannot tell a deleted base from an unloaded one.
    const deleted = basesLoaded;
    const stored = agent?.['knowledge_base_names'];
    const fromAgent =
      stored && typeof stored === 'object' && !Array.isArray(stored)
        ? (stored as Record<string, unknown>)[id]
        : undefined;
    const name =
      knownNames[id] ??
      (typeof fromAgent === 'string' ? fromAgent : undefined) ??
      (deleted ? 'Deleted knowledge base' : 'Loading…');
    return { id, name, badge: deleted ? 'DELETED' : '', deleted };
  });
}

/** The lines for the selection, remembering (in storage) the names of the bases seen. */
export function useKnowledgeItems({
  ids,
  bases,
  basesLoaded,
  agent,
  storage,
}: {
  ids: string[] | undefined;
  bases: KnowledgeBaseSummary[];
  basesLoaded: boolean;
  agent: AgentConfig | undefined;
  storage: Pick<Storage, 'getItem' | 'setItem'> | null;
}): KnowledgeItem[] {
  const [knownNames, setKnownNames] = useState<Record<string, string>>(() =>
    readKnownNames(storage),
  );
  useEffect(() => {
    if (bases.length === 0) return;
    setKnownNames((prev) => {
      const next = { ...prev };
      let changedAny = false;
      for (const b of bases)
        if (next[b.id] !== b.name) {
          next[b.id] = b.name;
          changedAny = true;
        }
      if (!changedAny) return prev;
      try {
        storage?.setItem(knowledgeNamesStorageKey, JSON.stringify(next));
      } catch {
        /* storage full or blocked: names stay in memory */
      }
      return next;
    });
  }, [bases, storage]);
  return useMemo(
    () => knowledgeItemsOf(ids ?? [], bases, basesLoaded, knownNames, agent),
    [ids, bases, basesLoaded, knownNames, agent],
  );
}
