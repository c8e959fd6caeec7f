import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { getTableColumns } from 'drizzle-orm';
import { agentDocumentSettingsSchema } from '@parley/api-client';
import { agents, agentTools } from '../../db/schema';
import {
  columnsOf,
  fieldOf,
  planColumns,
  settingsOf,
  unversionedColumns,
  versionedColumns,
  versionedSinceUpgrade,
  type AgentRow,
} from './fields';
import { snapshotTool } from './snapshot';
import { changesBetween, maskedConfig } from './wire';
import type { SecretBox } from '../../lib/secrets';

const migration = readFileSync(
  new URL('../../../drizzle/0032_agent_versions.sql', import.meta.url),
  'utf8',
);

describe('what a version freezes', () => {
  it('every agents column is either versioned or listed as outside versions (a new one must choose)', () => {
    const all = Object.keys(getTableColumns(agents)).sort();
    expect([...versionedColumns, ...planColumns, ...unversionedColumns].sort()).toEqual(all);
    expect(
      versionedColumns.filter((c) => (unversionedColumns as readonly string[]).includes(c)),
    ).toEqual([]);
  });

  it('the agent document and the upgrade migration name exactly the versioned settings', () => {
    const fields = versionedColumns.map(fieldOf).sort();
    expect(Object.keys(agentDocumentSettingsSchema.shape).sort()).toEqual(fields);
    const settings = /'settings', jsonb_build_object\(([^)]*)\)/.exec(migration)![1]!;
    const upgraded = versionedColumns
      .filter((c) => !versionedSinceUpgrade.includes(c))
      .map(fieldOf)
      .sort();
    expect([...settings.matchAll(/'([a-z_]+)', a\./g)].map((m) => m[1]).sort()).toEqual(upgraded);
    const tool = snapshotTool({} as typeof agentTools.$inferSelect);
    const toolKeys = /'tools', coalesce\(\(\s*SELECT jsonb_agg\(jsonb_build_object\(([^)]*)\)/.exec(
      migration,
    )![1]!;
    expect([...toolKeys.matchAll(/'([a-z_]+)', t\./g)].map((m) => m[1]).sort()).toEqual(
      Object.keys(tool).sort(),
    );
  });

  it('a setting a version was frozen without takes its default, not the draft’s value', () => {
    const columns = columnsOf({ system_prompt: 'Old' });
    expect(columns.systemPrompt).toBe('Old');
    expect(columns.knowledgeBaseIds).toEqual([]);
    expect(columns.initialMessage).toBeNull();
    const row = { systemPrompt: 'X', knowledgeBaseIds: ['k'] } as unknown as AgentRow;
    expect(settingsOf(row)).toMatchObject({ system_prompt: 'X', knowledge_base_ids: ['k'] });
  });
});

describe('the changes between live and draft', () => {
  const box = {
    decrypt: (v: string) => v.replace(/^enc:/, ''),
    encrypt: (v: string) => `enc:${v}`,
  };
  const snapshot = (settings: Record<string, unknown>) => ({
    settings,
    tools: [],
    analysis: null,
  });

  it('compares secrets by value (not by their random encryption) and shows them as ••••', () => {
    const live = snapshot({ model_api_key: 'enc:sk-1' });
    expect(changesBetween(live, snapshot({ model_api_key: 'enc:sk-1' }), box as SecretBox)).toEqual(
      [],
    );
    expect(changesBetween(live, snapshot({ model_api_key: 'enc:sk-2' }), box as SecretBox)).toEqual(
      [{ field: 'model_api_key', live: '••••', draft: '••••' }],
    );
  });

  it('masks keys inside the voice and transcriber configs', () => {
    expect(
      maskedConfig({ provider: 'openai', openai: { api_key: 'sk-voice', voice: 'alloy' } }),
    ).toEqual({ provider: 'openai', openai: { api_key: '••••', voice: 'alloy' } });
  });
});
