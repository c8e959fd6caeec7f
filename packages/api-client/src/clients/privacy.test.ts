import { describe, expect, it } from 'vitest';
import { json, routeFetch } from '../testing';
import { createPrivacyClient } from './privacy';
import { privacySettingsUpdateSchema } from '../schemas/privacy';

describe('privacy client', () => {
  it('encodes the contact in the path and reads the audit log with its filters', async () => {
    const fetch = routeFetch({
      'DELETE /api/org/o1/contacts/%2B1%20(415)%20555-2671': () =>
        json({
          contact: { query: '+1 (415) 555-2671', kind: 'phone', normalized: '+14155552671' },
          erased: {
            conversations: 1,
            messages: 2,
            calls: 0,
            scheduled_calls: 0,
            outbox: 0,
            mail_sends: 0,
            consent_records_hashed: 1,
          },
        }),
      'GET /api/org/o1/audit-log': () => json({ entries: [], next_cursor: null }),
    });
    const client = createPrivacyClient({ baseUrl: '/api', fetch });
    const erased = await client.eraseContact('o1', '+1 (415) 555-2671');
    expect(erased.erased.messages).toBe(2);
    expect(fetch.calls[0]!.url).toBe('/api/org/o1/contacts/%2B1%20(415)%20555-2671');
    await client.auditLog('o1', { action: 'agent', actor: 'ada@example.com', cursor: '12' });
    expect(fetch.calls[1]!.url).toBe(
      '/api/org/o1/audit-log?action=agent&actor=ada%40example.com&cursor=12',
    );
  });

  it('refuses a settings update that names an unknown mode or repeats a category', () => {
    expect(privacySettingsUpdateSchema.safeParse({ storage_mode: 'all' }).success).toBe(false);
    expect(
      privacySettingsUpdateSchema.safeParse({ redact_categories: ['card', 'card'] }).success,
    ).toBe(false);
    expect(privacySettingsUpdateSchema.parse({ retention_days: null })).toEqual({
      retention_days: null,
    });
  });
});
