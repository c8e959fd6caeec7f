// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createKnowledgeBaseRequestSchema } from '@parley/api-client';
import {
  defaultCreateForm,
  isCreateFormValid,
  permissionOptions,
  indexingTechniqueOptions,
  toCreateRequest,
  validateCreateForm,
} from './createKnowledgeForm';

describe('create knowledge base form', () => {
  it('defaults to high_quality, only_me and the default chunk settings', () => {
    const form = defaultCreateForm();
    expect(form.indexingTechnique).toBe('high_quality');
    expect(form.permission).toBe('only_me');
    expect(form.chunkSettings.chunkSize).toBe(1024);
  });

  it('offers the spec choices', () => {
    expect(indexingTechniqueOptions.map((o) => o.value)).toEqual(['high_quality', 'economy']);
    expect(permissionOptions.map((o) => o.value)).toEqual([
      'only_me',
      'all_team_members',
      'partial_members',
    ]);
  });

  it('given no name (or only spaces) › needs one', () => {
    expect(validateCreateForm({ ...defaultCreateForm(), name: '  ' }).name).toBe(
      'Name is required',
    );
    expect(isCreateFormValid({ ...defaultCreateForm(), name: '' })).toBe(false);
    expect(isCreateFormValid({ ...defaultCreateForm(), name: 'Docs' })).toBe(true);
  });

  it('given chunk settings out of range › is invalid even with a name', () => {
    const form = { ...defaultCreateForm(), name: 'Docs' };
    form.chunkSettings = { ...form.chunkSettings, chunkSize: 50 };
    expect(isCreateFormValid(form)).toBe(false);
    expect(validateCreateForm(form).chunkSettings.chunkSize).toMatch(/between 100 and 4096/);
  });

  it('builds a request the contract accepts, trimmed', () => {
    const request = toCreateRequest({
      ...defaultCreateForm(),
      name: '  Clinic FAQ ',
      description: ' Hours ',
      indexingTechnique: 'economy',
      permission: 'all_team_members',
    });
    expect(request).toMatchObject({
      name: 'Clinic FAQ',
      description: 'Hours',
      indexingTechnique: 'economy',
      permission: 'all_team_members',
    });
    expect(createKnowledgeBaseRequestSchema.safeParse(request).success).toBe(true);
  });
});
