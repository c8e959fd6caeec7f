import type { CreateKnowledgeBaseRequest, IndexingTechnique } from '@parley/api-client';
import {
  defaultChunkSettings,
  hasErrors,
  validateChunkSettings,
  type ChunkSettings,
  type ChunkSettingsErrors,
} from './chunkSettings';

export const indexingTechniqueOptions = [
  {
    value: 'high_quality',
    label: 'High Quality',
    hint: 'Full-text search plus vector embeddings, fused by rank.',
  },
  { value: 'economy', label: 'Economy', hint: 'Full-text keyword search only.' },
] as const satisfies ReadonlyArray<{ value: IndexingTechnique; label: string; hint: string }>;

export const permissionOptions = [
  { value: 'only_me', label: 'Only me' },
  { value: 'all_team_members', label: 'All team members' },
  { value: 'partial_members', label: 'Partial members' },
] as const;

export type KnowledgePermission = (typeof permissionOptions)[number]['value'];

export interface CreateKnowledgeForm {
  name: string;
  description: string;
  indexingTechnique: IndexingTechnique;
  permission: KnowledgePermission;
  /** partial_members: the members (user ids) who see and use it besides its creator. */
  partialMembers: string[];
  chunkSettings: ChunkSettings;
}

export interface CreateKnowledgeFormErrors {
  name?: string;
  chunkSettings: ChunkSettingsErrors;
}

/** Defaults: high_quality, only_me and the default chunk settings. */
export function defaultCreateForm(): CreateKnowledgeForm {
  return {
    name: '',
    description: '',
    indexingTechnique: 'high_quality',
    permission: 'only_me',
    partialMembers: [],
    chunkSettings: { ...defaultChunkSettings },
  };
}

/** Creation needs a name (spec §5) and chunk settings within their ranges. */
export function validateCreateForm(form: CreateKnowledgeForm): CreateKnowledgeFormErrors {
  return {
    name: form.name.trim() ? undefined : 'Name is required',
    chunkSettings: validateChunkSettings(form.chunkSettings),
  };
}

export function isCreateFormValid(form: CreateKnowledgeForm): boolean {
  const errors = validateCreateForm(form);
  return !errors.name && !hasErrors(errors.chunkSettings);
}

/** The POST /api/knowledge-bases body (trimmed name and description). */
export function toCreateRequest(form: CreateKnowledgeForm): CreateKnowledgeBaseRequest {
  return {
    name: form.name.trim(),
    description: form.description.trim(),
    indexingTechnique: form.indexingTechnique,
    permission: form.permission,
    ...(form.permission === 'partial_members' ? { partialMembers: form.partialMembers } : {}),
    chunkSettings: { ...form.chunkSettings, mode: 'structure' },
  };
}
