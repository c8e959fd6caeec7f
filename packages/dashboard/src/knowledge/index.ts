// The dashboard's Knowledge Base area: the container the shell mounts, and its client seam.
export { KnowledgeBaseTab } from './KnowledgeBaseTab';
export type { KnowledgeBaseTabProps } from './KnowledgeBaseTab';
export { createKnowledgeApi, knowledgeBaseUrl } from './knowledgeApi';
export type { KnowledgeApi, KnowledgeApiOptions } from './knowledgeApi';
export { knowledgeSections, parseSection } from './knowledgeSections';
export type { KnowledgeSection } from './knowledgeSections';
export type { KnowledgeSession } from './knowledgeErrors';
export { knowledgeKeys } from './knowledgeKeys';
export { useKnowledgeBases } from './queries';
