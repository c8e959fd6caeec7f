import { createContext, useContext, useState, type ReactNode } from 'react';
import { createKnowledgeApi, type KnowledgeApi, type KnowledgeApiOptions } from './knowledgeApi';

const KnowledgeApiContext = createContext<KnowledgeApi | null>(null);

export interface KnowledgeApiProviderProps extends KnowledgeApiOptions {
  /** A ready client; otherwise one is built from baseUrl/fetch. */
  api?: KnowledgeApi;
  children: ReactNode;
}

/** Gives the knowledge screens their client (another base URL, or a fetch for tests). */
export function KnowledgeApiProvider({ api, children, ...options }: KnowledgeApiProviderProps) {
  const [built] = useState(() => api ?? createKnowledgeApi(options));
  return (
    <KnowledgeApiContext.Provider value={api ?? built}>{children}</KnowledgeApiContext.Provider>
  );
}

let defaultApi: KnowledgeApi | null = null;

/** The provided client, else one on the same origin at '/api/knowledge-bases'. */
export function useKnowledgeApi(): KnowledgeApi {
  const provided = useContext(KnowledgeApiContext);
  if (provided) return provided;
  defaultApi ??= createKnowledgeApi();
  return defaultApi;
}
