// The dashboard's Knowledge Base area: the container the shell mounts (its client is api/knowledgeApi.ts).
export { KnowledgeBaseTab } from './KnowledgeBaseTab';
export type { KnowledgeBaseTabProps } from './KnowledgeBaseTab';
export { knowledgeSections, parseSection } from './knowledgeSections';
export type { KnowledgeSection } from './knowledgeSections';
export type { KnowledgeSession } from './knowledgeErrors';
export { knowledgeKeys, useKnowledgeBases } from './queries';
