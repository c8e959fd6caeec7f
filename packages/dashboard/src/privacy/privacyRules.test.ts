// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { AuditEntry, ContactExport, PrivacySettings } from '@parley/api-client';
import {
  auditCsv,
  exportFileName,
  exportSummary,
  formOf,
  purgeLines,
  purgeText,
  regionError,
  retentionError,
  updateOf,
} from './privacyRules';
import { noCounts } from './privacyFixtures';

const saved: PrivacySettings = {
  storage_mode: 'full',
  retention_days: null,
  redact_categories: ['card', 'phone', 'email', 'iban', 'ssn', 'ip'],
  phone_region: null,
  effective_phone_region: 'US',
  updated_at: null,
};

describe('privacy rules', () => {
  it('sends only what changed, categories in their order, the region upper-cased', () => {
    expect(updateOf(saved, formOf(saved))).toBeNull();
    const form = {
      ...formOf(saved),
      storageMode: 'redacted' as const,
      categories: ['email', 'card'] as const,
    };
    expect(
      updateOf(saved, { ...form, categories: [...form.categories], phoneRegion: ' gb ' }),
    ).toEqual({
      storage_mode: 'redacted',
      redact_categories: ['card', 'email'],
      phone_region: 'GB',
    });
    expect(updateOf(saved, { ...formOf(saved), retentionDays: ' 30 ' })).toEqual({
      retention_days: 30,
    });
    // A bad number is not sent (the field says why); emptied again: keep.
    expect(updateOf(saved, { ...formOf(saved), retentionDays: '1.5' })).toBeNull();
    expect(updateOf({ ...saved, retention_days: 30 }, formOf(saved))).toEqual({
      retention_days: null,
    });
  });

  it('checks the retention field and words a purge', () => {
    expect(retentionError('')).toBeUndefined();
    expect(retentionError('90')).toBeUndefined();
    for (const bad of ['0', '-1', '2.5', 'ten', '36501'])
      expect(retentionError(bad), bad).toMatch(/whole number of days/);
    const none = noCounts;
    expect(purgeText(none)).toBe('nothing');
    expect(purgeText({ ...none, conversations: 2, calls: 1, messages: 1, outbox: 3 })).toBe(
      '2 conversations, 1 message, 3 outbox entries',
    );
    expect(purgeLines({ ...none, test_runs: 4 })).toContainEqual({ label: 'Test runs', count: 4 });
  });

  it('checks the country field', () => {
    expect(regionError('')).toBeUndefined();
    expect(regionError('de')).toBeUndefined();
    expect(regionError('USA')).toMatch(/two-letter/);
  });

  it('writes the audit log as CSV with quoted cells', () => {
    const entry: AuditEntry = {
      id: '1',
      at: '2026-11-28T10:00:00.000Z',
      actor: { type: 'user', id: 'u1', email: 'ada@example.com' },
      action: 'agent.update',
      target: { type: 'agent', id: 'bot' },
      changes: [
        { field: 'system_prompt', before: 'Hi, "you"', after: 'Hello' },
        { field: 'model_api_key', before: null, after: '••••' },
      ],
      ip: '127.0.0.1',
    };
    expect(auditCsv([entry]).split('\r\n')).toEqual([
      'at,actor_type,actor_id,actor_email,action,target_type,target_id,changes,ip',
      '2026-11-28T10:00:00.000Z,user,u1,ada@example.com,agent.update,agent,bot,"system_prompt: Hi, ""you"" → Hello; model_api_key: — → ••••",127.0.0.1',
      '',
    ]);
  });

  it('summarises an export and names its file', () => {
    const doc = {
      contact: { query: '(415) 555-0199', kind: 'phone', normalized: '+14155550199' },
      organization_id: 'o',
      exported_at: '',
      conversations: [{ messages: [{}, {}] }, { messages: [{}] }],
      calls: [{}],
      scheduled_calls: [],
      consent: [{}],
      outbox: [],
    } as unknown as ContactExport;
    expect(exportSummary(doc).map((l) => l.count)).toEqual([2, 3, 1, 0, 1, 0]);
    expect(exportFileName(doc)).toBe('contact-+14155550199.json');
  });
});
