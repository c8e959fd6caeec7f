import {
  hasOrgRole,
  managerRoles,
  webhookEventTypes,
  webhookLimits,
  type Webhook,
  type WebhookDelivery,
  type WebhookEventChoice,
} from '@parley/api-client';

/** Why a control is disabled, in the console's words. */
export const reasons = {
  manage:
    'Only an owner or admin can add, change, test or delete webhooks and replay deliveries. You can see them and their delivery logs.',
  disabled: 'Turn the webhook back on to send a test event or replay a delivery.',
  pending: 'This delivery is still on its way.',
} as const;

export const canManageWebhooks = (role: string | null | undefined) =>
  hasOrgRole(role, managerRoles);

/** What each event means, for the picker. */
export const eventDescriptions: Record<(typeof webhookEventTypes)[number], string> = {
  'conversation.started': 'A conversation starts on any channel',
  'conversation.ended': 'A call hangs up, a conversation goes quiet, or a member closes it',
  'conversation.reopened': 'A message arrives in an ended conversation',
  'analysis.completed': "A conversation's outcome is ready",
  'call.started': 'A call starts (phone, browser or widget)',
  'call.ended': 'A call ends',
  'takeover.started': 'A member takes a conversation over',
  'takeover.released': 'A member hands a conversation back to its agent',
  'scheduled_call.completed': 'A scheduled call is answered',
  'scheduled_call.failed': 'A scheduled call fails for good',
  'campaign.completed': 'An e-mail campaign has sent its last mail',
  'contact.opted_out': 'Someone sends STOP or unsubscribes',
  'test_run.completed': 'An agent test run finishes',
  'agent.published': 'An agent is published',
  'handoff.requested': 'A conversation asks for a person',
};

/** The form's values and what is wrong with them (field → message), before sending. */
export interface WebhookDraft {
  url: string;
  description: string;
  events: WebhookEventChoice[];
}

export function draftErrors(draft: WebhookDraft): Partial<Record<keyof WebhookDraft, string>> {
  const errors: Partial<Record<keyof WebhookDraft, string>> = {};
  const url = draft.url.trim();
  if (!url) errors.url = 'Enter the URL that receives the events';
  else if (!/^https?:\/\/\S+$/i.test(url) || !URL.canParse(url))
    errors.url = 'Enter a full URL starting with https://';
  else if (url.length > webhookLimits.urlLength)
    errors.url = `At most ${webhookLimits.urlLength} characters`;
  if (!draft.events.length) errors.events = 'Choose at least one event, or All events';
  if (draft.description.length > webhookLimits.descriptionLength)
    errors.description = `At most ${webhookLimits.descriptionLength} characters`;
  return errors;
}

/** Ticking an event: '*' stands alone (it means all of them). */
export function toggleEvent(
  events: readonly WebhookEventChoice[],
  event: WebhookEventChoice,
  on: boolean,
): WebhookEventChoice[] {
  if (event === '*') return on ? ['*'] : [];
  const rest = events.filter((e) => e !== '*' && e !== event);
  return on ? [...rest, event] : rest;
}

/** The events a webhook receives, shortly. */
export function eventsSummary(events: readonly string[]): string {
  if (events.includes('*')) return 'All events';
  if (events.length <= 3) return events.join(', ');
  return `${events.slice(0, 2).join(', ')} and ${events.length - 2} more`;
}

export type WebhookState = 'active' | 'failing' | 'disabled' | 'off';

/** Where a webhook stands: on and well, on and failing, disabled by the server, or turned off. */
export function webhookState(
  hook: Pick<Webhook, 'enabled' | 'disabled_reason' | 'failing_since'>,
): WebhookState {
  if (!hook.enabled) return hook.disabled_reason ? 'disabled' : 'off';
  return hook.failing_since ? 'failing' : 'active';
}

export const stateLabels: Record<WebhookState, string> = {
  active: 'Active',
  failing: 'Failing',
  disabled: 'Disabled',
  off: 'Off',
};

export const stateTones = {
  active: 'success',
  failing: 'warning',
  disabled: 'danger',
  off: 'neutral',
} as const;

export const deliveryTones = {
  pending: 'info',
  delivered: 'success',
  failed: 'danger',
} as const;

/** A delivery's outcome in one line: the answer, the error, or when it goes next. */
export function deliveryOutcome(d: WebhookDelivery, now = new Date()): string {
  const answer = d.last_status_code ? `HTTP ${d.last_status_code}` : null;
  if (d.status === 'delivered') return answer ?? 'Delivered';
  const error = d.last_error ?? answer ?? '';
  if (d.status === 'failed') return error || 'Failed';
  if (!d.attempts) return 'Waiting to be sent';
  const next = d.next_attempt_at ? new Date(d.next_attempt_at) : null;
  const when = next && next > now ? `next try ${next.toLocaleString()}` : 'trying again now';
  return `${error ? `${error}; ` : ''}${when}`;
}

/** Whether a delivery may be replayed (by whom is the role's). */
export const replayable = (d: Pick<WebhookDelivery, 'status'>) => d.status !== 'pending';
