import type { AgentVersionSummary, DraftChange } from '@parley/api-client';

/** A draft with a new greeting, a longer prompt, a replaced key and a new tool. */
export const draftChanges: DraftChange[] = [
  {
    field: 'initial_message',
    live: 'Hello! How can I help you today?',
    draft: 'Hi, welcome to Acme Dental!',
  },
  {
    field: 'system_prompt',
    live: 'You are the front desk of Acme Dental.',
    draft:
      'You are the front desk of Acme Dental. Offer the next free slot, confirm the patient’s name and phone number, and never give medical advice.',
  },
  { field: 'model_api_key', live: '••••', draft: '••••' },
  {
    field: 'tools.lookup_booking',
    live: null,
    draft: {
      name: 'lookup_booking',
      type: 'http',
      method: 'GET',
      url: 'https://api.acme.example/bookings',
      headers: { Authorization: '••••' },
      enabled: true,
    },
  },
];

export const versions: AgentVersionSummary[] = [
  {
    version: 4,
    published_at: '2026-11-26T14:03:00Z',
    published_by: 'Ada Lovelace',
    note: 'Back to the old greeting',
    restored_from: 2,
  },
  {
    version: 3,
    published_at: '2026-11-26T10:15:00Z',
    published_by: 'Grace Hopper',
    note: 'New greeting and booking tool',
    restored_from: null,
  },
  {
    version: 2,
    published_at: '2026-11-25T16:40:00Z',
    published_by: 'Ada Lovelace',
    note: null,
    restored_from: null,
  },
  {
    version: 1,
    published_at: '2026-11-24T09:00:00Z',
    published_by: null,
    note: 'Published before versions existed',
    restored_from: null,
  },
];

/** Version 3 against version 4 (live). */
export const versionThreeChanges: DraftChange[] = [
  {
    field: 'initial_message',
    live: 'Hello! How can I help you today?',
    draft: 'Hi, welcome to Acme Dental!',
  },
  { field: 'tools.lookup_booking', live: null, draft: { name: 'lookup_booking', type: 'http' } },
];

/** A fixed clock's way of writing times (stories render the same everywhere). */
export const storyTime = (iso: string) => iso.replace('T', ' ').slice(0, 16) + ' UTC';
