import { describe, expect, it } from 'vitest';
import {
  agentApiKeyProblem,
  agentDisplayName,
  agentUpdateRequestSchema,
  agentPrefixMessages,
  newAgentId,
  readAgentsList,
  toAgentView,
  validateAgentPrefix,
} from './agents';

describe('validateAgentPrefix', () => {
  it.each([
    ['', agentPrefixMessages.empty],
    ['   ', agentPrefixMessages.empty],
    ['Sales', agentPrefixMessages.chars],
    ['sales-bot', agentPrefixMessages.chars],
    ['ab', agentPrefixMessages.short],
    ['a'.repeat(50), agentPrefixMessages.long],
  ])('given %j › alerts %j', (prefix, message) => {
    expect(validateAgentPrefix(prefix, 'org1')).toBe(message);
  });

  it('given 3 and 49 characters › accepts', () => {
    expect(validateAgentPrefix('abc', 'org1')).toBeNull();
    expect(validateAgentPrefix('a'.repeat(49), 'org1')).toBeNull();
  });

  it('given a valid prefix but no organization › asks to refresh', () => {
    expect(validateAgentPrefix('support', '')).toBe(agentPrefixMessages.noOrg);
    expect(validateAgentPrefix('support', null)).toBe(agentPrefixMessages.noOrg);
  });
});

describe('newAgentId and agentDisplayName', () => {
  it('builds prefix_uuid with underscores and strips it back', () => {
    const id = newAgentId('support', '123e4567-e89b-12d3-a456-426614174000');
    expect(id).toBe('support_123e4567_e89b_12d3_a456_426614174000');
    expect(agentDisplayName({ id, name: id })).toBe('support');
  });
  it('given a name different from the id › uses the name', () => {
    expect(agentDisplayName({ id: 'x_1', name: 'Front desk' })).toBe('Front desk');
  });
  it('given a 4-group suffix › strips it', () => {
    expect(agentDisplayName({ id: 'sales_123e4567_e89b_12d3_a456' })).toBe('sales');
  });
  it('given no uuid suffix › keeps the id', () => {
    expect(agentDisplayName({ id: 'legacy_agent' })).toBe('legacy_agent');
  });
});

describe('readAgentsList (tolerant reader)', () => {
  const a = { agent_name: 'a_1', name: 'a_1', status: 'active' };
  const b = { agent_name: 'b_2', organization_id: 'o' };
  it('reads a plain array', () => {
    expect(readAgentsList([a, b]).map((x) => x.id)).toEqual(['a_1', 'b_2']);
  });
  it('reads {agents: array}', () => {
    expect(readAgentsList({ agents: [a] }).map((x) => x.id)).toEqual(['a_1']);
  });
  it('reads {agents: object keyed by name}', () => {
    expect(readAgentsList({ agents: { sales: { name: 'sales' } } }).map((x) => x.id)).toEqual([
      'sales',
    ]);
  });
  it('reads {data: array}', () => {
    expect(readAgentsList({ data: [b] }).map((x) => x.id)).toEqual(['b_2']);
  });
  it('reads anything else as no agents', () => {
    expect(readAgentsList(null)).toEqual([]);
    expect(readAgentsList('oops')).toEqual([]);
    expect(readAgentsList({ data: 'x' })).toEqual([]);
  });
  it('fills the spec defaults (draft, GPT-4o, OpenAI, AI Agent)', () => {
    const view = toAgentView({ agent_name: 'z_1' });
    expect(view).toMatchObject({
      status: 'draft',
      model: 'GPT-4o',
      provider: 'OpenAI',
      description: 'AI Agent',
      cost: '~$0.10/min',
      latency: '~1000ms',
    });
  });
});

describe('agentApiKeyProblem (the Agent API Key field and POST /api/agents/update)', () => {
  it.each([
    ['', /^is required/],
    ['  ', /^is required/],
    ['key-123', /^must start with 'app-' or 'sk-'/],
    ['app-abc def', /^cannot contain spaces/],
    [`app-${'x'.repeat(500)}`, /^must be at most 500/],
  ])('refuses %j', (key, reason) => {
    expect(agentApiKeyProblem(key)).toMatch(reason);
    const parsed = agentUpdateRequestSchema.safeParse({ organization_id: 'o', chatbot_key: key });
    expect(parsed.success).toBe(false);
  });
  it.each(['app-7fGh2', 'sk-proj-abc'])('takes %j', (key) => {
    expect(agentApiKeyProblem(key)).toBeNull();
    expect(
      agentUpdateRequestSchema.safeParse({ organization_id: 'o', chatbot_key: key }).success,
    ).toBe(true);
  });
});
