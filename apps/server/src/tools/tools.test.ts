import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Agent, fetch as undiciFetch } from 'undici';
import {
  createAgentTestsClient,
  createAgentToolsClient,
  type ToolSaveRequest,
} from '@parley/api-client';
import { startTestServer, type TestServer, type TestUser } from '../../test/harness';
import { simulateSms } from '../../test/conversationFixtures';
import { chatAgent, modelAt } from '../../test/agentFixtures';
import {
  startFakeMcpServer,
  startFakeToolModel,
  startFakeToolServer,
  type FakeMcpServer,
  type FakeToolModel,
  type FakeToolServer,
} from '../../test/fakeToolModel';
import {
  agentTools,
  conversations,
  doNotCall,
  mailOutbox,
  messages,
  messagingOptOuts,
  telephonyOutbox,
  visitorSends,
} from '../db/schema';
import { turnsStored } from '../runtime/chat';
import { toolColumnsOf, type ToolRow } from './store';
import { headersInClear } from './toolSet';
import { createSecretBox } from '../lib/secrets';
import { ToolError } from './httpTool';

let server: TestServer;
let model: FakeToolModel;
let toolServer: FakeToolServer;
let mcpServer: FakeMcpServer;
const mcpToken = 'mcp-token-0000-WXYZ';
let owner: TestUser;
let orgId: string;

const secret = 'sk-tool-secret-4242-ABCD';
const workerSecret = 'worker-secret-tools-0123456789abcdef';

beforeAll(async () => {
  model = await startFakeToolModel();
  toolServer = await startFakeToolServer();
  mcpServer = await startFakeMcpServer(mcpToken);
  server = await startTestServer({
    env: {
      PARLEY_MODEL_ALLOW_HOSTS: '127.0.0.1',
      PARLEY_TOOL_ALLOW_HOSTS: '127.0.0.1',
      PARLEY_WORKER_SECRET: workerSecret,
    },
  });
  owner = server.newUser();
  orgId = await owner.withOrg('Tools Org');
});
afterAll(async () => {
  await server?.close();
  await model?.close();
  await toolServer?.close();
  await mcpServer?.close();
});

const toolsOf = (user: TestUser) =>
  createAgentToolsClient({ baseUrl: '/api/agents', fetch: user.fetch });

async function newAgent(options: { model?: boolean; user?: TestUser; org?: string } = {}) {
  const { id, appKey: key } = await chatAgent(
    options.user ?? owner,
    options.org ?? orgId,
    'tools',
    {
      system_prompt: 'You book appointments.',
      ...(options.model === false ? {} : modelAt(model.url)),
      status: 'active',
    },
    { agentType: 'action' },
  );
  return { id, key };
}

const slotsTool = (overrides: Partial<ToolSaveRequest> = {}): ToolSaveRequest => ({
  name: 'check_slots',
  description: 'Free appointment slots on a day',
  type: 'http',
  method: 'POST',
  url: `${toolServer.url}/slots`,
  headers: { 'X-Api-Key': secret },
  parameters: {
    type: 'object',
    properties: { day: { type: 'string' } },
    required: ['day'],
  },
  ...overrides,
});

async function chat(
  key: string,
  query: string,
  mode: 'streaming' | 'blocking',
  user = 'visitor-1',
): Promise<{ json: Record<string, unknown>; events: Array<Record<string, unknown>> }> {
  const res = await fetch(`${server.url}/v1/chat-messages`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ inputs: {}, query, response_mode: mode, user }),
  });
  expect(res.status).toBe(200);
  if (mode === 'blocking')
    return { json: (await res.json()) as Record<string, unknown>, events: [] };
  const text = await res.text();
  const events = text
    .split('\n\n')
    .filter((b) => b.startsWith('data: '))
    .map((b) => JSON.parse(b.slice(6)) as Record<string, unknown>);
  return { json: {}, events };
}

describe('agent tools API', () => {
  it('refuses bad input with the field and the reason, and writes nothing', async () => {
    const { id } = await newAgent();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...slotsTool(), name: 'bad name!' }, 'name: must be 1 to 64'],
      [{ ...slotsTool(), parameters: undefined }, 'parameters: parameters is required'],
      [
        { ...slotsTool(), parameters: { type: 'string' } },
        'parameters: must be a JSON Schema with "type": "object"',
      ],
      [
        {
          ...slotsTool(),
          parameters: { type: 'object', properties: { day: { type: 'weekday' } } },
        },
        'parameters: is not a valid JSON Schema',
      ],
      [
        {
          ...slotsTool(),
          parameters: {
            type: 'object',
            properties: { day: { type: 'string', pattern: '^(\\w+)\\s\\1$' } },
          },
        },
        'parameters: pattern “^(\\w+)\\s\\1$”: pattern too complex: invalid escape sequence',
      ],
      [
        {
          ...slotsTool(),
          parameters: { type: 'object', patternProperties: { '^(?=x)': { type: 'string' } } },
        },
        'parameters: pattern “^(?=x)”: pattern too complex',
      ],
      [
        { ...slotsTool(), url: 'http://169.254.169.254/latest/meta-data' },
        'url: 169.254.169.254 is not a public address',
      ],
      [{ ...slotsTool(), url: 'http://localhost:9/x' }, 'url: localhost resolves to'],
      [{ ...slotsTool(), url: 'ftp://example.com/x' }, 'url: Only http and https URLs are allowed'],
      [{ ...slotsTool(), timeout_ms: 60_000 }, 'timeout_ms: must be between 100 and 10000'],
      [{ name: 'transfer', type: 'transfer_call' }, 'number: number is required'],
    ];
    for (const [body, error] of cases) {
      const res = await owner.raw('POST', `/api/agents/${id}/tools`, body);
      expect(res.status, error).toBe(400);
      expect(String(res.body.error)).toContain(error);
    }
    expect(await server.db.select().from(agentTools).where(eq(agentTools.agentName, id))).toEqual(
      [],
    );
  });

  it('stores header values encrypted and answers them masked; another organization sees nothing', async () => {
    const { id } = await newAgent();
    const created = await toolsOf(owner).create(id, slotsTool());
    expect(created.tool).toMatchObject({
      name: 'check_slots',
      type: 'http',
      method: 'POST',
      timeout_ms: 10_000,
      headers: { 'X-Api-Key': expect.stringMatching(/^•+ABCD$/) },
    });
    const [row] = await server.db
      .select()
      .from(agentTools)
      .where(eq(agentTools.id, created.tool.id));
    expect(row!.secretHeaders['X-Api-Key']).toMatch(/^enc:v1:/);
    expect(JSON.stringify(row)).not.toContain(secret);
    const list = await toolsOf(owner).list(id);
    expect(JSON.stringify(list)).not.toContain(secret);
    expect(list.tools).toHaveLength(1);

    // The same name again: 409, naming the field.
    const dup = await owner.raw('POST', `/api/agents/${id}/tools`, slotsTool());
    expect(dup.status).toBe(409);
    expect(String(dup.body.error)).toMatch(/^name: /);

    // Saving the masked value back keeps the stored secret.
    const updated = await toolsOf(owner).update(id, created.tool.id, {
      ...slotsTool(),
      description: 'Changed',
      headers: created.tool.headers,
    });
    expect(updated.tool.description).toBe('Changed');
    const [after] = await server.db
      .select()
      .from(agentTools)
      .where(eq(agentTools.id, created.tool.id));
    expect(after!.secretHeaders['X-Api-Key']).toBe(row!.secretHeaders['X-Api-Key']);

    const stranger = server.newUser();
    await stranger.withOrg('Other Org');
    const base = `/api/agents/${id}/tools`;
    expect((await stranger.raw('GET', base)).status).toBe(404);
    expect((await stranger.raw('POST', base, slotsTool({ name: 'x' }))).status).toBe(404);
    expect((await stranger.raw('PUT', `${base}/${created.tool.id}`, slotsTool())).status).toBe(404);
    expect(
      (await stranger.raw('POST', `${base}/${created.tool.id}/test`, { arguments: {} })).status,
    ).toBe(404);
    expect((await stranger.raw('DELETE', `${base}/${created.tool.id}`)).status).toBe(404);
    expect((await toolsOf(owner).list(id)).tools).toHaveLength(1);

    await toolsOf(owner).delete(id, created.tool.id);
    expect((await toolsOf(owner).list(id)).tools).toEqual([]);
  });

  it('a masked header is kept only for the same scheme, host and port (a member cannot redirect it)', async () => {
    const { id } = await newAgent();
    const member = server.newUser();
    await member.signUp();
    await owner.org.addUser({ orgId, userId: member.userId, role: 'member' });
    const elsewhere = await startFakeToolServer();
    try {
      const { tool } = await toolsOf(owner).create(id, slotsTool());
      const moved = { ...slotsTool(), url: `${elsewhere.url}/slots`, headers: tool.headers };
      const refused = await member.raw('PUT', `/api/agents/${id}/tools/${tool.id}`, moved);
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({
        error:
          'headers.X-Api-Key: type the secret again for the new address (a saved secret is only sent to the address it was saved for)',
        issues: [{ field: 'headers.X-Api-Key' }],
      });
      const [row] = await server.db.select().from(agentTools).where(eq(agentTools.id, tool.id));
      expect((row!.config as { url: string }).url).toBe(`${toolServer.url}/slots`);
      // 'Test' runs the saved tool: the stored secret still goes only to its own address.
      await member.raw('POST', `/api/agents/${id}/tools/${tool.id}/test`, {
        arguments: { day: 'Monday' },
      });
      expect(elsewhere.requests).toEqual([]);
      // Another path on the same address keeps it; typed again, the new address takes it.
      const samePlace = { ...slotsTool(), url: `${toolServer.url}/other`, headers: tool.headers };
      expect(
        (await member.raw('PUT', `/api/agents/${id}/tools/${tool.id}`, samePlace)).status,
      ).toBe(200);
      const retyped = { ...moved, headers: { 'X-Api-Key': secret } };
      expect((await member.raw('PUT', `/api/agents/${id}/tools/${tool.id}`, retyped)).status).toBe(
        200,
      );

      // 'List tools' with an unsaved URL: the same rule for an MCP server's stored headers.
      const auth = { Authorization: `Bearer ${mcpToken}` };
      const mcp = await toolsOf(owner).create(id, {
        name: 'records',
        type: 'mcp',
        url: mcpServer.url,
        headers: auth,
        allowed_tools: ['lookup_patient'],
      });
      const listElsewhere = await member.raw('POST', `/api/agents/${id}/tools/mcp-tools`, {
        url: `${elsewhere.url}/mcp`,
        headers: mcp.tool.headers,
        tool_id: mcp.tool.id,
      });
      expect(listElsewhere.status).toBe(400);
      expect(String(listElsewhere.body.error)).toMatch(
        /^headers\.Authorization: type the secret again for the new address/,
      );
      const moveMcp = await member.raw('PUT', `/api/agents/${id}/tools/${mcp.tool.id}`, {
        name: 'records',
        type: 'mcp',
        url: `${elsewhere.url}/mcp`,
        headers: mcp.tool.headers,
        allowed_tools: ['lookup_patient'],
      });
      expect(moveMcp.status).toBe(400);
      expect(elsewhere.requests).toEqual([]);
    } finally {
      await elsewhere.close();
    }
  });

  it("'Test tool' runs an HTTP tool with sample arguments; a built-in says what it would do", async () => {
    const { id } = await newAgent();
    const { tool } = await toolsOf(owner).create(id, slotsTool());
    const before = toolServer.requests.length;
    const res = await toolsOf(owner).test(id, tool.id, { arguments: { day: 'friday' } });
    expect(res).toMatchObject({
      ok: true,
      dry_run: false,
      step: {
        tool: 'check_slots',
        input: { day: 'friday' },
        output: { slots: ['10:00', '14:30'] },
        error: null,
      },
    });
    const sent = toolServer.requests.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.headers['x-api-key']).toBe(secret);
    expect(JSON.parse(sent[0]!.body)).toEqual({ day: 'friday' });

    const builtin = await toolsOf(owner).create(id, { name: 'hang_up', type: 'end_call' });
    expect(builtin.tool.parameters).toMatchObject({ type: 'object' });
    const dry = await toolsOf(owner).test(id, builtin.tool.id, { arguments: {} });
    expect(dry).toMatchObject({ ok: true, dry_run: true });
  });
});

describe('the runtime calls tools', () => {
  it('streams agent_thought events, the answer uses the result, and the step is stored', async () => {
    const { id, key } = await newAgent();
    const { tool } = await toolsOf(owner).create(id, slotsTool());
    model.plan = [{ name: 'check_slots', arguments: { day: 'monday' } }];
    const before = toolServer.requests.length;
    const { events } = await chat(key, 'When can I come on Monday?', 'streaming');

    const sent = toolServer.requests.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ method: 'POST', path: '/slots' });
    expect(sent[0]!.headers['x-api-key']).toBe(secret);
    expect(JSON.parse(sent[0]!.body)).toEqual({ day: 'monday' });

    const thoughts = events.filter((e) => e.event === 'agent_thought');
    expect(thoughts.length).toBeGreaterThanOrEqual(1);
    const last = thoughts.at(-1)!;
    expect(last).toMatchObject({ tool: 'check_slots', position: 1 });
    expect(JSON.parse(String(last.tool_input))).toEqual({ day: 'monday' });
    expect(last.observation).toBe('{"slots":["10:00","14:30"]}');
    const answer = events
      .filter((e) => e.event === 'agent_message')
      .map((e) => e.answer)
      .join('');
    expect(answer).toBe('The tool said: {"slots":["10:00","14:30"]}');
    expect(events.findIndex((e) => e.event === 'agent_thought')).toBeLessThan(
      events.findIndex((e) => e.event === 'agent_message'),
    );
    const end = events.at(-1)!;
    expect(end.event).toBe('message_end');

    await turnsStored();
    const [stored] = await server.db
      .select({ toolSteps: messages.toolSteps, content: messages.content })
      .from(messages)
      .where(eq(messages.id, String(end.message_id)));
    expect(stored!.content).toBe(answer);
    expect(stored!.toolSteps).toEqual([
      {
        tool: 'check_slots',
        // The tool's own id (a test's calls_tool names it), the model's call id apart.
        tool_id: tool.id,
        call_id: expect.any(String),
        input: { day: 'monday' },
        output: { slots: ['10:00', '14:30'] },
        duration_ms: expect.any(Number),
        error: null,
      },
    ]);
    // Dify's message history lists the step as the answer's agent_thoughts.
    const history = (await (
      await fetch(
        `${server.url}/v1/messages?user=visitor-1&conversation_id=${String(end.conversation_id)}`,
        { headers: { Authorization: `Bearer ${key}` } },
      )
    ).json()) as { data: Array<{ id: string; agent_thoughts: unknown[] }> };
    expect(history.data.at(-1)).toMatchObject({
      id: end.message_id,
      agent_thoughts: [
        {
          id: `${String(end.message_id)}-1`,
          message_id: end.message_id,
          position: 1,
          thought: '',
          tool: 'check_slots',
          tool_input: '{"day":"monday"}',
          observation: '{"slots":["10:00","14:30"]}',
          created_at: expect.any(Number),
        },
      ],
    });
    // The model was offered the tool with its JSON Schema.
    const offered = model.requests.at(-2)!.tools!;
    expect(offered.map((t) => t.function.name)).toEqual(['check_slots']);
  });

  it('blocking mode answers the final text with the steps in its metadata', async () => {
    const { id, key } = await newAgent();
    await toolsOf(owner).create(id, slotsTool());
    model.plan = [{ name: 'check_slots', arguments: { day: 'tuesday' } }];
    const { json } = await chat(key, 'Tuesday?', 'blocking');
    expect(json.answer).toBe('The tool said: {"slots":["10:00","14:30"]}');
    expect((json.metadata as { tool_steps: unknown[] }).tool_steps).toHaveLength(1);
  });

  it('a slow or failing tool gives the model an error to explain, never a 500', async () => {
    const { id, key } = await newAgent();
    await toolsOf(owner).create(id, slotsTool({ timeout_ms: 200 }));
    model.plan = [{ name: 'check_slots', arguments: { day: 'monday' } }];
    toolServer.answer = { ...toolServer.answer, delayMs: 1500 };
    try {
      const { json } = await chat(key, 'Monday?', 'blocking');
      expect(json.answer).toBe('The tool said: Error: The tool did not answer within 0.2 s');
    } finally {
      toolServer.answer = { ...toolServer.answer, delayMs: 0 };
    }
    toolServer.answer = {
      ...toolServer.answer,
      status: 503,
      body: 'down for maintenance',
      type: 'text/plain',
    };
    try {
      const { events } = await chat(key, 'Monday?', 'streaming');
      const thought = events.filter((e) => e.event === 'agent_thought').at(-1)!;
      expect(thought.observation).toBe('Error: The tool answered HTTP 503: down for maintenance');
      expect(events.at(-1)!.event).toBe('message_end');
    } finally {
      toolServer.answer = {
        status: 200,
        body: '{"slots":["10:00","14:30"]}',
        type: 'application/json',
        delayMs: 0,
      };
    }
    // Arguments that do not fit the schema are refused before the tool runs.
    const before = toolServer.requests.length;
    model.plan = [{ name: 'check_slots', arguments: { weekday: 3 } }];
    const { json } = await chat(key, 'Any day?', 'blocking');
    expect(toolServer.requests.length).toBe(before);
    expect(String(json.answer)).toContain('day');
  });

  it('stops after 5 rounds of tool calls and answers without tools', async () => {
    const { id, key } = await newAgent();
    await toolsOf(owner).create(id, slotsTool());
    const decide = model.decide;
    model.decide = (body) =>
      body.tools?.length
        ? { toolCalls: [{ name: 'check_slots', arguments: { day: 'monday' } }] }
        : { text: 'Done looking.' };
    const before = toolServer.requests.length;
    const firstRequest = model.requests.length;
    try {
      const { json } = await chat(key, 'Loop forever', 'blocking');
      expect(json.answer).toBe('Done looking.');
    } finally {
      model.decide = decide;
    }
    expect(toolServer.requests.length - before).toBe(5);
    const calls = model.requests.slice(firstRequest);
    expect(calls).toHaveLength(6);
    expect(calls.at(-1)!.tools ?? []).toEqual([]);
  });

  it('refuses a non-public address at connect time', async () => {
    const { id, key } = await newAgent();
    const { tool } = await toolsOf(owner).create(id, slotsTool());
    // Written behind the API's back: only the connect-time guard stands in the way.
    await server.db
      .update(agentTools)
      .set({
        config: {
          method: 'POST',
          url: `${toolServer.url.replace('127.0.0.1', 'localhost')}/slots`,
          timeout_ms: 2000,
        },
      })
      .where(eq(agentTools.id, tool.id));
    model.plan = [{ name: 'check_slots', arguments: { day: 'monday' } }];
    const before = toolServer.requests.length;
    const { json } = await chat(key, 'Monday?', 'blocking');
    expect(String(json.answer)).toContain("Error: The tool's address is refused");
    expect(toolServer.requests.length).toBe(before);
  });

  it('the offline responder says plainly that tools need a model', async () => {
    const { id, key } = await newAgent({ model: false });
    await toolsOf(owner).create(id, slotsTool());
    const { json } = await chat(key, 'Monday?', 'blocking');
    expect(String(json.answer)).toContain('tools need a model');
    expect(String(json.answer)).toContain('check_slots');
  });
});

describe('send built-ins', () => {
  it("send_sms and send_email reach the person through the organization's channels; opt-outs, do-not-contact and limits refuse", async () => {
    const u = server.newUser();
    const org = await u.withOrg('Send Org');
    const { id, key } = await newAgent({ user: u, org });
    await u.voice.syncAllProviders({ organization_id: org });
    const number = (await u.voice.phoneNumberPage(org)).phone_numbers.find((n) => n.sms_enabled)!;
    await u.voice.assign(number.phone_id, id, ['sms']);
    expect((await u.raw('PUT', '/messaging/mail/mailboxes/desk@clinic.example', {})).status).toBe(
      200,
    );
    const tools = createAgentToolsClient({ baseUrl: '/api/agents', fetch: u.fetch });
    await tools.create(id, { name: 'text_them', type: 'send_sms' });
    await tools.create(id, { name: 'mail_them', type: 'send_email' });

    // An SMS thread: the text goes to the thread's person from the thread's number (sandbox outbox).
    const person = '+15005550911';
    model.plan = [{ name: 'text_them', arguments: { message: 'Booked: Monday 10:00' } }];
    await simulateSms(u, org, number.phone_number, person, 'Book me');
    await expect
      .poll(
        async () =>
          (
            await server.db
              .select()
              .from(telephonyOutbox)
              .where(eq(telephonyOutbox.toNumber, person))
          ).map((r) => [r.fromNumber, r.body]),
        { timeout: 20_000 },
      )
      .toEqual(
        expect.arrayContaining([
          [number.phone_number, 'Booked: Monday 10:00'],
          [number.phone_number, expect.stringContaining('"sent":true')],
        ]),
      );
    const thread = await server.db
      .select({ content: messages.content, author: messages.author, direction: messages.direction })
      .from(messages)
      .innerJoin(conversations, eq(conversations.id, messages.conversationId))
      .where(eq(conversations.endUser, person));
    expect(thread).toContainEqual({
      content: 'Booked: Monday 10:00',
      author: 'agent',
      direction: 'outbound',
    });

    // A web chat has no address: with 'Let visitors receive e-mails/texts' on, the model gives
    // one (e-mail into the mailbox's sandbox outbox).
    await u.agents.update(id, { organization_id: org, visitor_sends: true });
    model.plan = [
      {
        name: 'mail_them',
        arguments: { to: 'Pat@Example.com', subject: 'Your booking', message: 'Monday 10:00' },
      },
    ];
    const mailed = await chat(key, 'Mail me the details', 'blocking');
    expect(String(mailed.json.answer)).toContain('"sent":true');
    const [mail] = await server.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, 'pat@example.com'));
    expect(mail).toMatchObject({ fromAddress: 'desk@clinic.example', subject: 'Your booking' });

    let visitor = 0;
    const refusedWith = async (args: Record<string, unknown>) => {
      model.plan = [{ name: 'text_them', arguments: args }];
      // A visitor of their own each time (a visitor gets at most 3 messages a day).
      return String((await chat(key, 'Text me', 'blocking', `v-${++visitor}`)).json.answer);
    };
    expect(await refusedWith({ message: 'Hi' })).toContain('has no phone number');
    await server.db.insert(messagingOptOuts).values({
      organizationId: org,
      channel: 'sms',
      ourNumber: number.phone_number,
      endUser: '+15005550912',
      keyword: 'STOP',
    });
    expect(await refusedWith({ message: 'Hi', to: '+15005550912' })).toContain('opted out');
    await server.db
      .insert(doNotCall)
      .values({ organizationId: org, phoneNumber: '+15005550913', reason: 'asked' });
    expect(await refusedWith({ message: 'Hi', to: '+15005550913' })).toContain(
      'asked not to be contacted',
    );
    // The organization's SMS limit (60 a minute by default) reached: refused, nothing sent.
    const [conv] = await server.db
      .insert(conversations)
      .values({ organizationId: org, channel: 'sms', endUser: '+15005550914' })
      .returning();
    await server.db.insert(messages).values(
      Array.from({ length: 60 }, () => ({
        conversationId: conv!.id,
        role: 'assistant' as const,
        content: 'bulk',
        direction: 'outbound' as const,
        status: 'sent',
      })),
    );
    expect(await refusedWith({ message: 'Hi', to: '+15005550915' })).toContain(
      'Sending limit reached',
    );
    expect(
      await server.db
        .select()
        .from(telephonyOutbox)
        .where(eq(telephonyOutbox.toNumber, '+15005550915')),
    ).toEqual([]);
  });
});

describe('send built-ins on a call', () => {
  it("visitors cannot spend the organization's sends: own channel only, web sends only when the agent lets them and within the visitor limits", async () => {
    const u = server.newUser();
    const org = await u.withOrg('Visitor Sends Org');
    const { id, key } = await newAgent({ user: u, org });
    await u.voice.syncAllProviders({ organization_id: org });
    const number = (await u.voice.phoneNumberPage(org)).phone_numbers.find((n) => n.sms_enabled)!;
    await u.voice.assign(number.phone_id, id, ['sms']);
    expect((await u.raw('PUT', '/messaging/mail/mailboxes/desk@visitors.example', {})).status).toBe(
      200,
    );
    const tools = createAgentToolsClient({ baseUrl: '/api/agents', fetch: u.fetch });
    await tools.create(id, { name: 'mail_them', type: 'send_email' });
    const mailTo = (to: string) => [
      { name: 'mail_them', arguments: { to, subject: 'Hello', message: 'Details' } },
    ];
    const mailsTo = async (to: string) =>
      (await server.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to))).length;
    /** A web visitor's turn (the /v1 API, as the widget and the public page call it). */
    const visit = async (user: string, to: string, conversationId = '') => {
      model.plan = mailTo(to);
      const res = await fetch(`${server.url}/v1/chat-messages`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          inputs: {},
          query: 'Mail it to me',
          response_mode: 'blocking',
          user,
          conversation_id: conversationId,
        }),
      });
      const body = (await res.json()) as { answer: string; conversation_id: string };
      return { answer: String(body.answer), conversationId: body.conversation_id };
    };

    // Off by default: an anonymous visitor cannot make the agent mail an address they name.
    const off = await visit('anon-1', 'victim@elsewhere.example');
    expect(off.answer).toContain("'Let visitors receive e-mails/texts' is off");
    expect(await mailsTo('victim@elsewhere.example')).toBe(0);

    // A visitor on SMS: the number they wrote from is verified, an e-mail address is not.
    model.plan = mailTo('victim@elsewhere.example');
    await simulateSms(u, org, number.phone_number, '+15005550941', 'Mail me');
    await expect
      .poll(
        async () =>
          (
            await server.db
              .select({ body: telephonyOutbox.body })
              .from(telephonyOutbox)
              .where(eq(telephonyOutbox.toNumber, '+15005550941'))
          ).map((r) => r.body),
        { timeout: 20_000 },
      )
      .toContainEqual(expect.stringContaining('can only be answered on its own channel'));
    expect(await mailsTo('victim@elsewhere.example')).toBe(0);

    // The console's test chat is a member's: it may send where the member says.
    model.plan = mailTo('member-choice@visitors.example');
    const console = await u.raw('POST', '/api/chatbot/chat', {
      difyApiUrl: `${server.url}/v1`,
      difyApiKey: key,
      message: 'Mail it',
    });
    expect(String(console.body.answer)).toContain('"sent":true');
    expect(await mailsTo('member-choice@visitors.example')).toBe(1);

    // On: 2 a conversation, 3 a visitor a day, and a tenth of the organization's day for visitors.
    await u.agents.update(id, { organization_id: org, visitor_sends: true });
    const first = await visit('web-1', 'web-1@visitors.example');
    expect(first.answer).toContain('"sent":true');
    const second = await visit('web-1', 'web-1@visitors.example', first.conversationId);
    expect(second.answer).toContain('"sent":true');
    const third = await visit('web-1', 'web-1@visitors.example', first.conversationId);
    expect(third.answer).toContain('at most 2 messages are sent from one web chat');
    expect((await visit('web-1', 'web-1@visitors.example')).answer).toContain('"sent":true');
    expect((await visit('web-1', 'web-1@visitors.example')).answer).toContain(
      'at most 3 messages a day are sent to one visitor',
    );
    expect(await mailsTo('web-1@visitors.example')).toBe(3);
    const [conv] = await server.db
      .insert(conversations)
      .values({ organizationId: org, channel: 'chat', endUser: 'seeded' })
      .returning();
    await server.db.insert(visitorSends).values(
      Array.from({ length: 97 }, (_, i) => ({
        organizationId: org,
        agentName: id,
        conversationId: conv!.id,
        visitor: `seeded-${i}`,
        channel: 'email',
        recipient: `seeded-${i}@visitors.example`,
      })),
    );
    expect((await visit('web-2', 'web-2@visitors.example')).answer).toContain(
      'used up for today (100 a day)',
    );
    expect(await mailsTo('web-2@visitors.example')).toBe(0);
  });

  it('send_sms from a call: from the number rang, at most 3 a turn, counted against the organization limit', async () => {
    const u = server.newUser();
    const org = await u.withOrg('Call Send Org');
    const { id } = await newAgent({ user: u, org });
    await u.voice.syncAllProviders({ organization_id: org });
    const smsNumbers = (await u.voice.phoneNumberPage(org)).phone_numbers
      .filter((n) => n.sms_enabled)
      .map((n) => n.phone_number)
      .sort();
    // Not the organization's first number: the send goes from the number the caller rang.
    const rang = smsNumbers.at(-1)!;
    expect(smsNumbers.length).toBeGreaterThan(1);
    await createAgentToolsClient({ baseUrl: '/api/agents', fetch: u.fetch }).create(id, {
      name: 'text_them',
      type: 'send_sms',
    });
    const person = '+15005550931';
    const [call] = await server.db
      .insert(conversations)
      .values({
        organizationId: org,
        agentName: id,
        channel: 'voice',
        endUser: person,
        agentAddress: rang,
      })
      .returning();
    // 996 SMS of the organization earlier today (outside the minute): 4 left of its 1000 a day.
    const [bulk] = await server.db
      .insert(conversations)
      .values({ organizationId: org, channel: 'sms', endUser: '+15005550932' })
      .returning();
    const earlier = new Date(Date.now() - 5 * 60_000);
    await server.db.insert(messages).values(
      Array.from({ length: 996 }, () => ({
        conversationId: bulk!.id,
        role: 'assistant' as const,
        content: 'bulk',
        direction: 'outbound' as const,
        status: 'sent',
        createdAt: earlier,
      })),
    );
    const sentTo = async () =>
      (
        await server.db.select().from(telephonyOutbox).where(eq(telephonyOutbox.toNumber, person))
      ).map((r) => [r.fromNumber, r.body]);
    /** One caller turn through the voice worker's route; the errors of its tool steps. */
    const callerTurn = async (bodies: string[]) => {
      model.plan = bodies.map((message) => ({ name: 'text_them', arguments: { message } }));
      // A connection of its own: the bulk insert above blocks this process (the embedded
      // database) long enough for a pooled keep-alive socket to be closed under the request.
      const dispatcher = new Agent();
      const res = await undiciFetch(`${server.url}/voice/internal/calls/${call!.id}/chat`, {
        dispatcher,
        method: 'POST',
        headers: { Authorization: `Bearer ${workerSecret}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ query: 'Text me the details' }),
      });
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('"end":true');
      await dispatcher.close();
      let errors: Array<string | null> = [];
      await expect
        .poll(
          async () => {
            const stored = await server.db
              .select({ steps: messages.toolSteps, at: messages.createdAt })
              .from(messages)
              .where(eq(messages.conversationId, call!.id));
            const last = stored
              .filter((m) => m.steps)
              .sort((a, b) => +a.at - +b.at)
              .at(-1);
            errors = (last?.steps ?? []).map((step) => step.error);
            // This turn's steps (in the order they finished).
            return (last?.steps ?? []).map((step) => (step.input as { message: string }).message);
          },
          { timeout: 20_000 },
        )
        .toEqual(expect.arrayContaining(bodies));
      return errors;
    };

    // Four sends asked at once in one answer: three go (from the number rang), one is refused.
    const first = await callerTurn(['One', 'Two', 'Three', 'Four']);
    expect(first.filter((e) => e === null)).toHaveLength(3);
    expect(first.filter(Boolean)).toEqual([
      'Not sent: at most 3 messages may be sent in one answer, and 3 were sent already; tell the person what was sent',
    ]);
    const sent = await sentTo();
    expect(sent).toHaveLength(3);
    expect(sent.every(([from]) => from === rang)).toBe(true);

    // The next turn: the three count against the organization's 1000 a day: one more goes.
    const second = await callerTurn(['Five', 'Six']);
    expect(second.filter((e) => e === null)).toHaveLength(1);
    expect(second.filter(Boolean)).toEqual([
      expect.stringContaining('Sending limit reached: 1000 SMS messages per day'),
    ]);
    expect(await sentTo()).toHaveLength(4);
  });
});

describe('mcp tools', () => {
  it("lists a remote MCP server's tools, offers the allowed ones under their names, and explains failures", async () => {
    const { id, key } = await newAgent();
    const tools = toolsOf(owner);
    const auth = { Authorization: `Bearer ${mcpToken}` };
    // 'List tools' for the editor (before saving): the server's tools; a wrong header says why.
    const listed = await tools.mcpTools(id, { url: mcpServer.url, headers: auth });
    expect(listed.ok).toBe(true);
    expect(listed.tools.map((t) => t.name).sort()).toEqual([
      'broken',
      'delete_everything',
      'lookup_patient',
    ]);
    expect(listed.tools.find((t) => t.name === 'lookup_patient')!.input_schema).toMatchObject({
      properties: { name: { type: 'string' } },
    });
    const denied = await tools.mcpTools(id, { url: mcpServer.url, headers: {} });
    expect(denied).toMatchObject({ ok: false, tools: [] });
    expect(denied.error).toContain('401');
    const refused = await owner.raw('POST', `/api/agents/${id}/tools/mcp-tools`, {
      url: 'http://10.0.0.1/mcp',
    });
    expect(refused.status).toBe(400);
    expect(String(refused.body.error)).toContain('url: 10.0.0.1 is not a public address');

    const { tool } = await tools.create(id, {
      name: 'records',
      type: 'mcp',
      url: mcpServer.url,
      headers: auth,
      allowed_tools: ['lookup_patient', 'broken'],
    });
    expect(tool.headers.Authorization).toMatch(/^•+WXYZ$/);
    // The masked header (as the editor sends it back) lists with the stored value.
    const again = await tools.mcpTools(id, {
      url: mcpServer.url,
      headers: tool.headers,
      tool_id: tool.id,
    });
    expect(again.ok).toBe(true);

    model.plan = [{ name: 'lookup_patient', arguments: { name: 'Ada' } }];
    const { events } = await chat(key, "When is Ada's appointment?", 'streaming');
    const offered = model.requests.at(-2)!.tools!.map((t) => t.function.name);
    expect(offered.sort()).toEqual(['broken', 'lookup_patient']);
    expect(mcpServer.calls).toEqual([{ name: 'lookup_patient', args: { name: 'Ada' } }]);
    const thought = events.filter((e) => e.event === 'agent_thought').at(-1)!;
    expect(thought).toMatchObject({
      tool: 'lookup_patient',
      observation: 'Ada: Monday 10:00 with Dr. Lee',
    });

    // A tool that answers isError, and one the allow-list leaves out, are errors to explain.
    model.plan = [{ name: 'broken', arguments: {} }];
    expect((await chat(key, 'Try', 'blocking')).json.answer).toBe(
      'The tool said: Error: records database is offline',
    );
    model.plan = [{ name: 'delete_everything', arguments: {} }];
    await chat(key, 'Delete', 'blocking');
    expect(mcpServer.calls.map((c) => c.name)).not.toContain('delete_everything');

    // A server that cannot be reached: offered under the tool's name, the call says why.
    await server.db
      .update(agentTools)
      .set({ secretHeaders: {}, updatedAt: new Date() })
      .where(eq(agentTools.id, tool.id));
    model.plan = [{ name: 'records', arguments: {} }];
    const { json } = await chat(key, 'Ada?', 'blocking');
    expect(String(json.answer)).toMatch(/^The tool said: Error: The MCP server .*401/);
  });
});

describe('tool mocks in agent tests', () => {
  it('a mock (by the tool id) answers instead of the tool; a mock no call matched is reported', async () => {
    const { id } = await newAgent();
    const { tool } = await toolsOf(owner).create(id, slotsTool());
    const tests = createAgentTestsClient({ baseUrl: '/api/agents', fetch: owner.fetch });
    await tests.create(id, {
      name: 'Offers a slot',
      turns: [
        {
          user: 'Monday?',
          // By the tool's name, and by its id.
          expect: [
            { type: 'calls_tool', value: 'check_slots' },
            { type: 'calls_tool', value: tool.id },
          ],
        },
      ],
      tool_mocks: [
        { tool_id: tool.id, output: { slots: ['09:00'] } },
        { tool_id: 'cancel_booking', output: 'ok' },
      ],
    });
    model.plan = [{ name: 'check_slots', arguments: { day: 'monday' } }];
    const before = toolServer.requests.length;
    const run = await tests.run(id);
    expect(toolServer.requests.length).toBe(before);
    expect(run.results[0]).toMatchObject({ passed: true, unmatched_mocks: ['cancel_booking'] });
    expect(run.results[0]!.turns[0]!.answer).toBe('The tool said: {"slots":["09:00"]}');
  });
});

describe('toolColumnsOf (a version’s tool as an agent_tools row)', () => {
  it('names the agent, keeps every field and dates the row', () => {
    const at = new Date(5);
    const tool = {
      name: 'lookup',
      description: 'Looks up',
      type: 'http',
      parameters: { type: 'object' },
      config: { url: 'https://example.com' },
      secret_headers: { Authorization: 'enc' },
      enabled: false,
    };
    const { secret_headers, ...same } = tool;
    expect(toolColumnsOf(tool, { organizationId: 'o1', agentName: 'a1' }, at)).toEqual({
      organizationId: 'o1',
      agentName: 'a1',
      ...same,
      secretHeaders: secret_headers,
      createdAt: at,
      updatedAt: at,
    });
  });
});

describe('headersInClear', () => {
  it('decrypts the headers; a value the server cannot decrypt is a ToolError', () => {
    const box = createSecretBox('test-secret-test-secret-test-secret-0123');
    const other = createSecretBox('another-secret-another-secret-another-0');
    const row = { secretHeaders: { Authorization: box.encrypt('Bearer x') } } as unknown as ToolRow;
    expect(headersInClear(row, { secrets: box })).toEqual({ Authorization: 'Bearer x' });
    expect(() => headersInClear(row, { secrets: other })).toThrow(
      new ToolError("The tool's headers cannot be read (the server's secret changed?)"),
    );
  });
});
