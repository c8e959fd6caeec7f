import { describe, expect, it } from 'vitest';
import { emptyToolForm, formFromTool, toolRequestFrom } from './toolForm';

describe('toolRequestFrom', () => {
  it('makes an HTTP tool request from the form', () => {
    const result = toolRequestFrom({
      ...emptyToolForm(),
      name: 'check_slots',
      url: 'https://booking.example.com/slots',
      headers: [
        { name: 'X-Api-Key', value: 'secret' },
        { name: '', value: '' },
      ],
    });
    expect(result).toMatchObject({
      ok: true,
      body: {
        name: 'check_slots',
        type: 'http',
        method: 'POST',
        url: 'https://booking.example.com/slots',
        headers: { 'X-Api-Key': 'secret' },
        timeout_ms: 10000,
        parameters: { type: 'object' },
      },
    });
  });

  it('names each field that is wrong', () => {
    const result = toolRequestFrom({
      ...emptyToolForm(),
      name: 'bad name',
      url: '',
      parameters: '{ nope',
      timeoutMs: '99999',
      headers: [{ name: '', value: 'x' }],
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual({
      name: 'must be 1 to 64 letters, digits, underscores or hyphens',
      parameters: 'Parameters must be valid JSON',
      headers: 'Every header needs a name',
      timeoutMs: 'must be between 100 and 10000',
      url: 'url is required for an http tool',
    });
  });

  it('a built-in needs no URL or parameters; transfer_call needs a number', () => {
    expect(
      toolRequestFrom({ ...emptyToolForm(), name: 'hang_up', type: 'end_call' }),
    ).toMatchObject({
      ok: true,
      body: { name: 'hang_up', type: 'end_call' },
    });
    const transfer = toolRequestFrom({
      ...emptyToolForm(),
      name: 'to_desk',
      type: 'transfer_call',
    });
    expect(transfer).toMatchObject({
      ok: false,
      errors: { number: expect.stringContaining('number') },
    });
  });

  it('reads a saved tool back into the form (masked header values stay masked)', () => {
    const form = formFromTool({
      id: '1',
      agent_name: 'a',
      name: 'check_slots',
      description: '',
      type: 'http',
      parameters: { type: 'object', properties: {} },
      enabled: true,
      method: 'GET',
      url: 'https://x.example.com',
      headers: { 'X-Api-Key': '••••••••1234' },
      timeout_ms: 5000,
      number: null,
      allowed_tools: null,
      created_at: '',
      updated_at: '',
    });
    expect(form).toMatchObject({
      method: 'GET',
      timeoutMs: '5000',
      headers: [{ name: 'X-Api-Key', value: '••••••••1234' }],
    });
  });
});
