import { useState } from 'react';
import type { KnowledgeBase } from '@parley/api-client';
import { retrievalEndpoint } from '../api/addresses';
import type { ApiKeyView } from './ApiKeysPanel';
import { ApiKeysPanel } from './ApiKeysPanel';
import { errorMessage } from './knowledgeErrors';
import { useCreateKnowledgeApiKey, useKnowledgeApiKeys } from './queries';

export interface ApiKeysSectionProps {
  base: KnowledgeBase;
  /** Origin of the public retrieve endpoint shown with the keys. */
  origin: string;
}

/** Container: the base's API keys and key creation ('API Key for {name}'). */
export function ApiKeysSection({ base, origin }: ApiKeysSectionProps) {
  const keys = useKnowledgeApiKeys(base.id);
  const create = useCreateKnowledgeApiKey(base.id);
  const [created, setCreated] = useState<ApiKeyView | null>(null);
  return (
    <ApiKeysPanel
      knowledgeBaseName={base.name}
      keys={keys.data ?? []}
      loading={keys.isPending}
      error={keys.error ? errorMessage(keys.error) : null}
      onRetry={() => void keys.refetch()}
      creating={create.isPending}
      createError={create.error ? errorMessage(create.error) : null}
      onCreate={(name) =>
        create.mutate(name, { onSuccess: (key) => setCreated({ ...key, name: key.name ?? name }) })
      }
      created={created}
      onDismissCreated={() => setCreated(null)}
      endpoint={retrievalEndpoint(origin, base.id)}
    />
  );
}
