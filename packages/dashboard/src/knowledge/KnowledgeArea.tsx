import { useSearchParams } from 'react-router';
import { KnowledgeBaseTab } from './KnowledgeBaseTab';
import { parseSection, type KnowledgeSection } from './knowledgeSections';

/**
 * The Knowledge Base tab inside the shell: the selected base (`?kb=`) and the open section
 * (`?section=`) live in the URL, so both survive a reload and can be linked.
 */
export function KnowledgeArea({ orgId }: { orgId: string }) {
  const [params, setParams] = useSearchParams();
  const selectedId = params.get('kb');
  const section = params.get('section') ? parseSection(params.get('section')) : undefined;
  const go = (kb: string | null, next: KnowledgeSection | undefined) =>
    setParams({
      tab: 'knowledge-base',
      ...(kb ? { kb } : {}),
      // With a base selected, the list is named in the URL: without it the base's documents open.
      ...(next && (next !== 'list' || kb) ? { section: next } : {}),
    });
  return (
    <KnowledgeBaseTab
      orgId={orgId}
      selectedId={selectedId}
      section={section ?? (selectedId ? 'documents' : 'list')}
      onSelect={(id) => go(id, id ? 'documents' : undefined)}
      onSectionChange={(next) => go(selectedId, next)}
    />
  );
}
