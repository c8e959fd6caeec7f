import { describe, expect, it } from 'vitest';
import { ApiError, type AgentTool } from '@parley/api-client';
import {
  serverFieldErrors,
  emptyToolForm,
  formFromTool,
  mcpListRequestFrom,
  mcpToolChoices,
  toggleAllowedTool,
  toolRequestFrom,
} from './toolForm';

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

describe('MCP tools in the form', () => {
  const mcpForm = {
    ...emptyToolForm(),
    name: 'records',
    type: 'mcp' as const,
    url: ' https://mcp.example.com/mcp ',
    headers: [{ name: 'Authorization', value: '••••••••abcd' }],
    allowedTools: ['lookup_patient'],
  };

  it('makes an MCP tool request: URL, headers, allow-list, no parameters or method', () => {
    const result = toolRequestFrom(mcpForm);
    expect(result).toEqual({
      ok: true,
      body: {
        name: 'records',
        description: '',
        type: 'mcp',
        enabled: true,
        url: 'https://mcp.example.com/mcp',
        headers: { Authorization: '••••••••abcd' },
        timeout_ms: 10000,
        allowed_tools: ['lookup_patient'],
      },
    });
    expect(toolRequestFrom({ ...mcpForm, url: '' })).toMatchObject({
      ok: false,
      errors: { url: 'url is required for an mcp tool' },
    });
  });

  it("reads a saved MCP tool's allow-list back", () => {
    const saved: AgentTool = {
      id: '1',
      agent_name: 'a',
      name: 'records',
      description: '',
      type: 'mcp',
      parameters: { type: 'object', properties: {} },
      enabled: true,
      method: null,
      url: 'https://mcp.example.com/mcp',
      headers: {},
      timeout_ms: 10000,
      number: null,
      allowed_tools: ['a', 'b'],
      created_at: '',
      updated_at: '',
    };
    expect(formFromTool(saved).allowedTools).toEqual(['a', 'b']);
    expect(formFromTool({ ...saved, allowed_tools: null }).allowedTools).toEqual([]);
  });

  it("'List tools' sends the URL and headers (with the saved tool's id), or names the field", () => {
    expect(mcpListRequestFrom(mcpForm, 'tool-1')).toEqual({
      ok: true,
      body: {
        url: 'https://mcp.example.com/mcp',
        headers: { Authorization: '••••••••abcd' },
        tool_id: 'tool-1',
      },
    });
    expect(mcpListRequestFrom(mcpForm, null)).toEqual({
      ok: true,
      body: { url: 'https://mcp.example.com/mcp', headers: { Authorization: '••••••••abcd' } },
    });
    expect(
      mcpListRequestFrom(
        {
          ...mcpForm,
          url: '  ',
          headers: [
            { name: 'X-Key', value: '1' },
            { name: 'x-key', value: '2' },
          ],
        },
        null,
      ),
    ).toEqual({
      ok: false,
      errors: { url: 'url is required', headers: 'The header x-key is listed twice' },
    });
  });

  it('the allow-list: server tools in order, ticked when allowed, saved names it no longer lists', () => {
    const listed = [
      { name: 'lookup_patient', description: 'Find a patient' },
      { name: 'book', description: 'Book a slot' },
    ];
    expect(mcpToolChoices(listed, ['gone', 'book'])).toEqual([
      { name: 'lookup_patient', description: 'Find a patient', allowed: false, missing: false },
      { name: 'book', description: 'Book a slot', allowed: true, missing: false },
      { name: 'gone', description: '', allowed: true, missing: true },
    ]);
    // Before a listing: the saved names, none marked missing.
    expect(mcpToolChoices(null, ['gone'])).toEqual([
      { name: 'gone', description: '', allowed: true, missing: false },
    ]);
    expect(toggleAllowedTool(['a', 'b'], 'c', true)).toEqual(['a', 'b', 'c']);
    expect(toggleAllowedTool(['a', 'b'], 'a', true)).toEqual(['a', 'b']);
    expect(toggleAllowedTool(['a', 'b'], 'a', false)).toEqual(['b']);
  });
});

describe('serverFieldErrors', () => {
  it('given a 400 naming a header › shows it at the Headers field with the header name', () => {
    const error = new ApiError('headers.X-Api-Key: type the secret again', 400, {
      error: 'headers.X-Api-Key: type the secret again',
      issues: [
        { field: 'headers.X-Api-Key', message: 'type the secret again for the new address' },
      ],
    });
    expect(serverFieldErrors(error)).toEqual({
      headers: 'X-Api-Key: type the secret again for the new address',
    });
  });
  it('given other failures › nothing at the fields', () => {
    expect(serverFieldErrors(new ApiError('x', 500, {}))).toEqual({});
    expect(serverFieldErrors(new Error('offline'))).toEqual({});
    expect(serverFieldErrors(null)).toEqual({});
  });
});
