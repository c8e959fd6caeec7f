import type {
  AuditEntry,
  ContactExport,
  PrivacySettings,
  PurgeResponse,
  PurgeRun,
} from '@parley/api-client';

// Fixtures of the privacy screens' stories (typed by the contract).

export const settingsFixture: PrivacySettings = {
  storage_mode: 'redacted',
  retention_days: null,
  redact_categories: ['card', 'phone', 'email', 'iban', 'ssn', 'ip'],
  phone_region: null,
  effective_phone_region: 'US',
  updated_at: '2026-11-28T10:00:00.000Z',
};

export const exportFixture: ContactExport = {
  contact: { query: '(415) 555-2671', kind: 'phone', normalized: '+14155552671' },
  organization_id: 'org_1',
  exported_at: '2026-11-28T10:00:00.000Z',
  conversations: [
    {
      id: 'c1',
      agent_name: 'front-desk',
      channel: 'sms',
      end_user: '+14155552671',
      agent_address: '+15005550006',
      created_at: '2026-11-20T09:00:00.000Z',
      updated_at: '2026-11-20T09:05:00.000Z',
      ended_at: null,
      ended_by: null,
      end_reason: null,
      metadata: {},
      messages: [
        {
          id: 'm1',
          role: 'user',
          direction: 'inbound',
          author: 'visitor',
          content: 'Is my order ready? My card is [CARD].',
          status: 'received',
          created_at: '2026-11-20T09:00:00.000Z',
          metadata: {},
          mail: null,
        },
      ],
    },
  ],
  calls: [],
  scheduled_calls: [],
  consent: [
    {
      kind: 'messaging_opt_out',
      channel: 'sms',
      our_address: '+15005550006',
      detail: 'STOP',
      created_at: '2026-11-21T09:00:00.000Z',
    },
  ],
  outbox: [],
};

export const auditFixture: AuditEntry[] = [
  {
    id: 'a3',
    at: '2026-11-28T10:02:00.000Z',
    actor: { type: 'user', id: 'user_1', email: 'ada@example.com' },
    action: 'privacy.update',
    target: { type: 'organization', id: 'org_1' },
    changes: [{ field: 'storage_mode', before: 'full', after: 'redacted' }],
    ip: '203.0.113.7',
  },
  {
    id: 'a2',
    at: '2026-11-28T10:01:00.000Z',
    actor: { type: 'user', id: 'user_1', email: 'ada@example.com' },
    action: 'integration.update',
    target: { type: 'integration', id: 'openai' },
    changes: [{ field: 'credentials.api_key', before: '••••', after: '••••' }],
    ip: '203.0.113.7',
  },
  {
    id: 'a1',
    at: '2026-11-28T10:00:00.000Z',
    actor: { type: 'user', id: 'user_2', email: 'grace@example.com' },
    action: 'contact.erase',
    target: { type: 'contact', id: 'erased:Qm9i…' },
    changes: [{ field: 'conversations', before: 2, after: 0 }],
    ip: '198.51.100.4',
  },
];

/** A purge's counts, all zero. */
export const noCounts = {
  conversations: 0,
  calls: 0,
  messages: 0,
  outcomes: 0,
  test_runs: 0,
  mail_sends: 0,
  outbox: 0,
  scheduled_calls: 0,
};

export const purgePreviewFixture: PurgeResponse = {
  dry_run: true,
  older_than: '2026-08-30T10:00:00.000Z',
  status: 'done',
  purge_id: null,
  removed: { ...noCounts, conversations: 12, calls: 3, messages: 240, test_runs: 4 },
};

export const purgeDoneFixture: PurgeResponse = {
  ...purgePreviewFixture,
  dry_run: false,
  purge_id: 'p1',
};

export const purgeRunsFixture: PurgeRun[] = [
  {
    id: 'p2',
    trigger: 'retention',
    status: 'done',
    older_than: '2026-08-29T09:00:00.000Z',
    removed: { ...noCounts, conversations: 2, messages: 31 },
    error: null,
    created_at: '2026-11-27T09:00:00.000Z',
    finished_at: '2026-11-27T09:00:02.000Z',
  },
  {
    id: 'p1',
    trigger: 'request',
    status: 'running',
    older_than: '2026-06-01T00:00:00.000Z',
    removed: { ...noCounts, messages: 12000 },
    error: null,
    created_at: '2026-11-26T12:00:00.000Z',
    finished_at: null,
  },
];
