import {
  agentDisplayName,
  phonePattern,
  scheduleMessages,
  type ScheduledEvent,
} from '@parley/api-client';

/** The schedule form (spec §3): agent, recipient, time, flexible minutes, retries, message. */
export interface ScheduleForm {
  agent_id: string;
  recipient_phone: string;
  /** `datetime-local` value (the browser's own time zone). */
  scheduled_time: string;
  flexible_time_minutes: number;
  max_retries: number;
  message_template: string;
}

export const emptyScheduleForm: ScheduleForm = {
  agent_id: '',
  recipient_phone: '',
  scheduled_time: '',
  flexible_time_minutes: 0,
  max_retries: 3,
  message_template: '',
};

export type ScheduleErrors = Partial<Record<keyof ScheduleForm, string>>;

/** Spec §5: submit only when agent, recipient phone and scheduled time are filled. */
export function canSubmitSchedule(form: ScheduleForm): boolean {
  return Boolean(form.agent_id && form.recipient_phone.trim() && form.scheduled_time);
}

/** Spec §5's checks, each with its message; empty when the form is valid. */
export function validateSchedule(form: ScheduleForm, now: Date): ScheduleErrors {
  const errors: ScheduleErrors = {};
  if (!form.agent_id) errors.agent_id = scheduleMessages.agent;
  if (!phonePattern.test(form.recipient_phone.trim()))
    errors.recipient_phone = scheduleMessages.phone;
  if (!form.scheduled_time) errors.scheduled_time = scheduleMessages.timeRequired;
  else {
    const at = new Date(form.scheduled_time);
    if (Number.isNaN(at.getTime())) errors.scheduled_time = scheduleMessages.timeRequired;
    else if (at.getTime() <= now.getTime()) errors.scheduled_time = scheduleMessages.timePast;
  }
  const f = form.flexible_time_minutes;
  if (!Number.isInteger(f) || f < 0 || f > 60)
    errors.flexible_time_minutes = scheduleMessages.flexible;
  const r = form.max_retries;
  if (!Number.isInteger(r) || r < 1 || r > 10) errors.max_retries = scheduleMessages.retries;
  return errors;
}

/** A `datetime-local` value for an ISO instant, in the browser's time zone. */
export function toLocalInput(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The form of an existing event (Edit). */
export function formOf(event: ScheduledEvent): ScheduleForm {
  return {
    agent_id: event.agent_id,
    recipient_phone: event.recipient_phone,
    scheduled_time: toLocalInput(event.scheduled_time),
    flexible_time_minutes: event.flexible_time_minutes,
    max_retries: event.max_retries,
    message_template: event.message_template ?? '',
  };
}

/**
 * The event's agent as people read it: its display name among the organization's agents, else
 * its prefix ('support', not 'support_2c05…'), never the raw id.
 */
export function agentLabelOf(agentId: string, names?: ReadonlyMap<string, string>): string {
  return names?.get(agentId) ?? agentDisplayName({ id: agentId });
}

/** Search over agent id (and the name shown), recipient phone or status (spec §2). */
export function filterEvents(
  events: readonly ScheduledEvent[],
  search: string,
  names?: ReadonlyMap<string, string>,
): ScheduledEvent[] {
  const q = search.trim().toLowerCase();
  if (!q) return [...events];
  return events.filter((e) =>
    [e.agent_id, agentLabelOf(e.agent_id, names), e.recipient_phone, e.status].some((v) =>
      v.toLowerCase().includes(q),
    ),
  );
}

/** 'N of M events' while searching, else 'N scheduled events'. */
export function eventCountLabel(visible: number, total: number, searching: boolean): string {
  return searching ? `${visible} of ${total} events` : `${total} scheduled events`;
}

/** Spec §4: green when 'scheduled', yellow for any other value. */
export function statusTone(status: string): 'success' | 'warning' {
  return status === 'scheduled' ? 'success' : 'warning';
}

/** Poll the list while a call runs or one is due soon, so attempts show without a reload. */
export function schedulingRefetchInterval(
  events: readonly ScheduledEvent[] | undefined,
): number | false {
  if (!events?.length) return false;
  const now = Date.now();
  const busy = events.some(
    (e) =>
      e.status === 'in_progress' ||
      (e.status === 'scheduled' &&
        new Date(e.next_attempt_at ?? e.scheduled_time).getTime() - now < 10 * 60_000),
  );
  return busy ? 2000 : false;
}

/** Readable outcome of an attempt. */
export const outcomeLabels: Record<string, string> = {
  answered: 'Answered',
  voicemail: 'Voicemail left',
  'no-answer': 'No answer',
  busy: 'Busy',
  failed: 'Failed',
};
