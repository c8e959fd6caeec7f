import { describe, expect, it } from 'vitest';
import type { ScheduledEvent } from '@parley/api-client';
import {
  agentLabelOf,
  canSubmitSchedule,
  emptyScheduleForm,
  eventCountLabel,
  filterEvents,
  statusTone,
  validateSchedule,
} from './scheduleForm';

const now = new Date('2030-03-05T10:00:00');
const valid = {
  ...emptyScheduleForm,
  agent_id: 'sales_1',
  recipient_phone: '+14155550100',
  scheduled_time: '2030-03-05T11:00',
};

describe('schedule form (spec §5)', () => {
  it('given the required fields › submit is enabled only when agent, phone and time are filled', () => {
    expect(canSubmitSchedule(emptyScheduleForm)).toBe(false);
    expect(canSubmitSchedule({ ...valid, scheduled_time: '' })).toBe(false);
    expect(canSubmitSchedule(valid)).toBe(true);
  });
  it('given bad values › each message of §5', () => {
    expect(validateSchedule(valid, now)).toEqual({});
    expect(
      validateSchedule(
        {
          ...emptyScheduleForm,
          recipient_phone: '0123',
          flexible_time_minutes: 61,
          max_retries: 0,
        },
        now,
      ),
    ).toEqual({
      agent_id: 'Please select an agent',
      recipient_phone: 'Please enter a valid phone number (e.g., +1234567890)',
      scheduled_time: 'Scheduled time is required',
      flexible_time_minutes: 'Flexible time must be between 0 and 60 minutes',
      max_retries: 'Max retries must be between 1 and 10',
    });
    expect(validateSchedule({ ...valid, scheduled_time: '2030-03-05T09:00' }, now)).toEqual({
      scheduled_time: 'Scheduled time must be in the future',
    });
  });
});

describe('the list', () => {
  const event = (id: string, agent: string, phone: string, status: string) =>
    ({ scheduled_id: id, agent_id: agent, recipient_phone: phone, status }) as ScheduledEvent;
  const events = [
    event('1', 'sales_1', '+14155550100', 'scheduled'),
    event('2', 'support_2', '+12125550100', 'completed'),
  ];
  it('given a search › matches agent id, recipient phone or status', () => {
    expect(filterEvents(events, 'support').map((e) => e.scheduled_id)).toEqual(['2']);
    expect(filterEvents(events, '415').map((e) => e.scheduled_id)).toEqual(['1']);
    expect(filterEvents(events, 'COMPLETED').map((e) => e.scheduled_id)).toEqual(['2']);
    expect(filterEvents(events, ' ')).toHaveLength(2);
  });
  it('given counts › the spec’s labels; status colours green for scheduled, yellow otherwise', () => {
    expect(eventCountLabel(1, 2, true)).toBe('1 of 2 events');
    expect(eventCountLabel(2, 2, false)).toBe('2 scheduled events');
    expect(statusTone('scheduled')).toBe('success');
    expect(statusTone('in_progress')).toBe('warning');
    expect(statusTone('anything')).toBe('warning');
  });
});

describe('the agent as people read it (issue 37: no raw ids)', () => {
  const id = 'support_bot_2c05a1b2_1111_2222_3333_444455556666';
  it('given the organization’s agents › its display name; else its prefix, never the raw id', () => {
    expect(agentLabelOf(id, new Map([[id, 'Front desk']]))).toBe('Front desk');
    expect(agentLabelOf(id)).toBe('support_bot');
    expect(agentLabelOf(id, new Map())).toBe('support_bot');
  });
  it('given a search for the name shown › the event is found', () => {
    const event = { agent_id: id, recipient_phone: '+14155550100', status: 'scheduled' };
    const names = new Map([[id, 'Front desk']]);
    expect(filterEvents([event as ScheduledEvent], 'front', names)).toHaveLength(1);
    expect(filterEvents([event as ScheduledEvent], '2c05a1b2', names)).toHaveLength(1);
    expect(filterEvents([event as ScheduledEvent], 'sales', names)).toHaveLength(0);
  });
});
