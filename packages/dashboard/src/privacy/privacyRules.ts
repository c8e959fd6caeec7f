import {
  maxRetentionDays,
  redactCategories,
  storageModeValues,
  type AuditChange,
  type AuditEntry,
  type ContactErasure,
  type ContactExport,
  type PrivacySettings,
  type PrivacySettingsUpdate,
  type PurgeCounts,
  type RedactCategory,
  type StorageMode,
} from '@parley/api-client';

// Plain logic of the privacy screens (Account → Privacy, Contact data, Audit log).

export const storageModeLabels: Record<StorageMode, { label: string; hint: string }> = {
  full: {
    label: 'Full',
    hint: 'Messages and transcripts are stored as written.',
  },
  redacted: {
    label: 'Redacted',
    hint: 'Personal data is replaced by placeholders such as [CARD] or [EMAIL] before it is stored.',
  },
  metadata_only: {
    label: 'Metadata only',
    hint: 'No text is stored: only lengths, timings and who wrote when.',
  },
};
export const storageModes = storageModeValues;

export const categoryLabels: Record<RedactCategory, string> = {
  card: 'Card numbers [CARD]',
  phone: 'Phone numbers [PHONE]',
  email: 'E-mail addresses [EMAIL]',
  iban: 'IBANs [IBAN]',
  ssn: 'US Social Security numbers [SSN]',
  ip: 'IP addresses [IP]',
};
export const categories = redactCategories;

/** The settings form's state. */
export interface PrivacyForm {
  storageMode: StorageMode;
  categories: RedactCategory[];
  /** '' = automatic. */
  phoneRegion: string;
  /** Days data is kept ('' = until deleted). */
  retentionDays: string;
}

export function formOf(settings: PrivacySettings): PrivacyForm {
  return {
    storageMode: settings.storage_mode,
    categories: [...settings.redact_categories],
    phoneRegion: settings.phone_region ?? '',
    retentionDays: settings.retention_days === null ? '' : String(settings.retention_days),
  };
}

/** The retention field's problem, if any ('' is fine: keep until deleted). */
export function retentionError(value: string): string | undefined {
  const v = value.trim();
  if (!v) return undefined;
  const n = Number(v);
  return /^\d+$/.test(v) && n >= 1 && n <= maxRetentionDays
    ? undefined
    : `Enter a whole number of days from 1 to ${maxRetentionDays}, or leave it empty to keep data`;
}

/** The country field's problem, if any ('' is fine: automatic). */
export function regionError(value: string): string | undefined {
  const v = value.trim();
  if (!v) return undefined;
  return /^[A-Za-z]{2}$/.test(v)
    ? undefined
    : 'Enter a two-letter country code (e.g. US), or leave it empty';
}

/** The PUT body: the fields the form changed from the saved settings (none → null). */
export function updateOf(saved: PrivacySettings, form: PrivacyForm): PrivacySettingsUpdate | null {
  const body: PrivacySettingsUpdate = {};
  if (form.storageMode !== saved.storage_mode) body.storage_mode = form.storageMode;
  const ordered = categories.filter((c) => form.categories.includes(c));
  if (ordered.join() !== saved.redact_categories.join()) body.redact_categories = ordered;
  const region = form.phoneRegion.trim().toUpperCase() || null;
  if (region !== (saved.phone_region ?? null)) body.phone_region = region;
  const days = form.retentionDays.trim() ? Number(form.retentionDays.trim()) : null;
  if (!retentionError(form.retentionDays) && days !== saved.retention_days)
    body.retention_days = days;
  return Object.keys(body).length ? body : null;
}

/** What the retention setting means. */
export function retentionText(days: number | null): string {
  if (days === null) return 'conversations are kept until deleted';
  const n = days === 1 ? '1 day' : `${days} days`;
  return `conversations, messages, test runs and mail older than ${n} are deleted by the retention job, every hour`;
}

export const purgeKindLabels: Record<keyof PurgeCounts, string> = {
  conversations: 'Conversations',
  calls: 'of them calls',
  messages: 'Messages',
  outcomes: 'Outcomes',
  test_runs: 'Test runs',
  mail_sends: 'Mail sends',
  outbox: 'Outbox entries',
  scheduled_calls: 'Finished scheduled calls',
};

/** A purge's counts, a line per kind. */
export function purgeLines(counts: PurgeCounts): Array<{ label: string; count: number }> {
  return (Object.keys(purgeKindLabels) as Array<keyof PurgeCounts>).map((k) => ({
    label: purgeKindLabels[k],
    count: counts[k],
  }));
}

/** A purge's counts in a sentence ('nothing' when it removes nothing). */
export function purgeText(counts: PurgeCounts): string {
  const parts = [
    [counts.conversations, 'conversation'],
    [counts.messages, 'message'],
    [counts.outcomes, 'outcome'],
    [counts.test_runs, 'test run'],
    [counts.mail_sends, 'mail send'],
    [counts.outbox, 'outbox entry'],
    [counts.scheduled_calls, 'finished scheduled call'],
  ] as const;
  const said = parts
    .filter(([n]) => n > 0)
    .map(([n, word]) =>
      n === 1 ? `1 ${word}` : `${n} ${word === 'outbox entry' ? 'outbox entries' : `${word}s`}`,
    );
  return said.length ? said.join(', ') : 'nothing';
}

/** What an export holds, in a line per kind (the lookup's summary). */
export function exportSummary(doc: ContactExport): Array<{ label: string; count: number }> {
  const messages = doc.conversations.reduce((n, c) => n + c.messages.length, 0);
  return [
    { label: 'Conversations', count: doc.conversations.length },
    { label: 'Messages', count: messages },
    { label: 'Calls', count: doc.calls.length },
    { label: 'Scheduled calls', count: doc.scheduled_calls.length },
    { label: 'Consent records', count: doc.consent.length },
    { label: 'Outbox entries', count: doc.outbox.length },
  ];
}

export const contactKindLabels = {
  phone: 'Phone number',
  email: 'E-mail address',
  user: 'Widget user id',
} as const;

/** A file name for the export of a contact ('contact-+14155550199.json'). */
export function exportFileName(doc: ContactExport): string {
  return `contact-${doc.contact.normalized.replace(/[^\w@.+-]+/g, '_').slice(0, 80)}.json`;
}

/** A change's value as text ('••••' for secrets, '—' for none). */
export function valueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

export function changeText(change: AuditChange): string {
  return `${change.field}: ${valueText(change.before)} → ${valueText(change.after)}`;
}

/** The audit log's action families (the filter's choices). */
export const actionFamilies = [
  { value: '', label: 'All actions' },
  { value: 'agent', label: 'Agents' },
  { value: 'integration', label: 'Provider credentials' },
  { value: 'member', label: 'Members and roles' },
  { value: 'invitation', label: 'Invitations' },
  { value: 'privacy', label: 'Privacy settings' },
  { value: 'contact', label: "A person's data" },
  { value: 'conversation', label: 'Conversations (exports, takeovers)' },
] as const;

const csvCell = (value: string) =>
  /[",\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;

/** The entries as CSV (one line each; changes joined by '; '). */
export function auditCsv(entries: readonly AuditEntry[]): string {
  const header = [
    'at',
    'actor_type',
    'actor_id',
    'actor_email',
    'action',
    'target_type',
    'target_id',
    'changes',
    'ip',
  ];
  const lines = entries.map((e) =>
    [
      e.at,
      e.actor.type,
      e.actor.id ?? '',
      e.actor.email ?? '',
      e.action,
      e.target?.type ?? '',
      e.target?.id ?? '',
      e.changes.map(changeText).join('; '),
      e.ip ?? '',
    ]
      .map((v) => csvCell(v))
      .join(','),
  );
  return [header.join(','), ...lines].join('\r\n') + '\r\n';
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** What an erasure removed, in words. */
export function erasureText(e: ContactErasure['erased']): string {
  const removed = [
    plural(e.conversations, 'conversation'),
    plural(e.messages, 'message'),
    plural(e.calls, 'call'),
    plural(e.scheduled_calls, 'scheduled call'),
    plural(e.outbox + e.mail_sends, 'outbox entry').replace('entrys', 'entries'),
  ].join(', ');
  return `Removed ${removed}; ${plural(e.consent_records_hashed, 'do-not-contact record')} kept as a hash.`;
}
