import { describe, expect, it } from 'vitest';
import { outcomePlanSchema, type OutcomePlan } from '@parley/api-client';
import { outcomeJsonSchema, readOutcome, storedPlan } from './plan';
import { analysisInstructions, transcriptText } from './fill';
import { keptOutcome, type AnalysisResult } from './store';
import { fullStorage } from '../privacy/storage';

const plan: OutcomePlan = outcomePlanSchema.parse({
  summary: true,
  success_type: 'pass_fail',
  success_criteria: 'The booking was made',
  fields: [
    { name: 'email', type: 'string', description: 'Their e-mail' },
    { name: 'guests', type: 'number' },
    { name: 'vip', type: 'boolean' },
    { name: 'room', type: 'enum', enum: ['single', 'double'] },
  ],
  tags: ['Booking', 'complaint'],
});

describe('the schema the model fills', () => {
  it('is OpenAI strict: every property required, no others; fields nullable; tags from the list', () => {
    const schema = outcomeJsonSchema(plan) as {
      required: string[];
      additionalProperties: boolean;
      properties: Record<string, Record<string, unknown>>;
    };
    expect(schema.required).toEqual(['summary', 'success', 'fields', 'tags']);
    expect(schema.additionalProperties).toBe(false);
    expect(schema.properties.fields).toMatchObject({
      required: ['email', 'guests', 'vip', 'room'],
      additionalProperties: false,
      properties: {
        email: { type: ['string', 'null'] },
        guests: { type: ['number', 'null'] },
        room: { type: ['string', 'null'], enum: ['single', 'double', null] },
      },
    });
    expect(schema.properties.tags).toMatchObject({ items: { enum: ['Booking', 'complaint'] } });
    expect(
      outcomeJsonSchema({ ...plan, summary: false, fields: [], tags: [], success_type: null }),
    ).toMatchObject({ properties: {}, required: [] });
  });

  it('a score is an integer 1–10; a checklist asks for each line of the criteria', () => {
    const score = outcomeJsonSchema({ ...plan, success_type: 'score_1_10' }) as {
      properties: { success: { properties: { value: object } } };
    };
    expect(score.properties.success.properties.value).toMatchObject({
      type: 'integer',
      minimum: 1,
      maximum: 10,
    });
    const checklist = {
      ...plan,
      success_type: 'checklist' as const,
      success_criteria: '- Greeted\n2. Booked\n\n',
    };
    const schema = outcomeJsonSchema(checklist) as {
      properties: {
        success: { properties: { checks: { properties: object; required: string[] } } };
      };
    };
    expect(schema.properties.success.properties.checks.required).toEqual(['c1', 'c2']);
    expect(analysisInstructions(checklist, null)).toContain('c1. Greeted\nc2. Booked');
  });
});

describe("reading the model's answer", () => {
  const good = {
    summary: ' Booked a double. ',
    success: { value: true, explanation: 'It was booked.' },
    fields: { email: 'a@b.example', guests: 2, vip: 'yes', room: 'suite' },
    tags: ['booking', 'nope', 'Booking'],
  };

  it('keeps what fits; a field of the wrong type or choice, or a tag not listed, reads as not told', () => {
    expect(readOutcome(plan, good)).toEqual({
      ok: true,
      value: {
        summary: 'Booked a double.',
        success: { value: true, explanation: 'It was booked.', passed: true },
        fields: { email: 'a@b.example', guests: 2, vip: null, room: null },
        tags: ['Booking'],
      },
    });
  });

  it('fails when it is not an object or lacks the summary or success the plan asks for', () => {
    expect(readOutcome(plan, 'text')).toEqual({ ok: false, reason: 'it is not a JSON object' });
    expect(readOutcome(plan, { ...good, summary: '' })).toMatchObject({ ok: false });
    expect(readOutcome(plan, { ...good, success: { value: 'yes' } })).toEqual({
      ok: false,
      reason: 'success.value must be true or false',
    });
    const score = { ...plan, success_type: 'score_1_10' as const };
    expect(readOutcome(score, { ...good, success: { value: 11 } })).toMatchObject({ ok: false });
    expect(readOutcome(score, { ...good, success: { value: 6.4, explanation: '' } })).toMatchObject(
      {
        ok: true,
        value: { success: { value: 6, passed: true } },
      },
    );
    expect(readOutcome(score, { ...good, success: { value: 5 } })).toMatchObject({
      value: { success: { passed: false } },
    });
    const checklist = { ...plan, success_type: 'checklist' as const, success_criteria: 'A\nB' };
    expect(
      readOutcome(checklist, { ...good, success: { checks: { c1: true, c2: false } } }),
    ).toMatchObject({
      value: {
        success: {
          value: false,
          passed: false,
          items: [
            { criterion: 'A', met: true },
            { criterion: 'B', met: false },
          ],
        },
      },
    });
    expect(readOutcome(checklist, { ...good, success: { checks: { c1: true } } })).toMatchObject({
      ok: false,
    });
  });

  it('a plan that asks for nothing is stored as none', () => {
    expect(storedPlan({ summary: false })).toBeNull();
    expect(storedPlan({ summary: true })).toMatchObject({ summary: true, fields: [] });
    expect(storedPlan({ summary: 'yes' })).toBeNull();
  });
});

describe('what the storage mode keeps of an outcome', () => {
  const read = readOutcome(plan, {
    summary: 'Wrote from ann@example.com',
    success: { value: true, explanation: 'Call +1 415 555 0142 back' },
    fields: { email: 'ann@example.com', guests: 2, vip: true, room: 'double' },
    tags: ['complaint'],
  });
  if (!read.ok) throw new Error('unreadable');
  const result: AnalysisResult = { status: 'done', outcome: read.value, plan };

  it('full: as written', () => {
    expect(keptOutcome(result, fullStorage)).toMatchObject({
      summary: 'Wrote from ann@example.com',
      fields: { email: 'ann@example.com' },
      storedAs: 'full',
    });
  });

  it('redacted: the summary, explanation and string fields with placeholders', () => {
    const kept = keptOutcome(result, {
      storageMode: 'redacted',
      redactCategories: ['email', 'phone'],
      region: 'US',
    });
    expect(kept).toMatchObject({
      summary: 'Wrote from [EMAIL]',
      success: { value: true, explanation: 'Call [PHONE] back' },
      successPassed: true,
      fields: { email: '[EMAIL]', guests: 2, vip: true, room: 'double' },
      tags: ['complaint'],
      storedAs: 'redacted',
    });
  });

  it('metadata only: no text; numbers, booleans, choices, the success value and tags kept', () => {
    expect(
      keptOutcome(result, { storageMode: 'metadata_only', redactCategories: [], region: null }),
    ).toMatchObject({
      summary: null,
      success: { value: true, explanation: null },
      fields: { email: null, guests: 2, vip: true, room: 'double' },
      tags: ['complaint'],
      storedAs: 'metadata_only',
    });
  });
});

describe('the transcript', () => {
  it('keeps a long one’s start and end, saying how many messages were left out', () => {
    const lines = Array.from({ length: 100 }, (_, i) => ({
      who: 'Customer',
      text: `m${i} ${'x'.repeat(90)}`,
    }));
    const text = transcriptText(lines, 2000);
    expect(text.length).toBeLessThanOrEqual(2100);
    expect(text.startsWith('Customer: m0 ')).toBe(true);
    expect(text).toMatch(/\[… \d+ messages left out …\]/);
    expect(text.trimEnd().endsWith('x')).toBe(true);
    expect(text).toContain('Customer: m99 ');
    expect(transcriptText([{ who: 'Agent', text: 'Hi\nthere' }], 100)).toBe('Agent: Hi there');
  });
});
