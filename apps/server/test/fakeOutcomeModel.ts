import { createServer, type IncomingMessage, type Server } from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';

/**
 * A model on loopback speaking OpenAI chat completions, for outcomes (reach it through an agent's
 * model_live_url with PARLEY_MODEL_ALLOW_HOSTS=127.0.0.1):
 * - a chat turn (no response_format) answers "Happy to help." (streamed or not);
 * - an analysis (response_format json_schema) fills the schema it was sent from the conversation
 *   in the prompt: a string field `name` takes the value the visitor wrote as `name=value`, a
 *   number `name=12`, a boolean `name=yes|no`, an enum the first choice the text names; the summary
 *   quotes the first customer line; pass_fail is true when the text says "thanks", a score is 8
 *   then (else 3), a checklist item is met when its first word appears; the tags those the text
 *   names. `garbage` answers text that is not JSON instead.
 */
export interface FakeOutcomeModel {
  url: string;
  /** The analysis calls received: their response_format and prompt. */
  analyses: Array<{ responseFormat: Record<string, unknown>; system: string; prompt: string }>;
  mode: 'fill' | 'garbage';
  close(): Promise<void>;
}

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  enum?: unknown[];
  description?: string;
  minimum?: number;
};
type Message = { role: string; content: string | Array<{ type: string; text?: string }> };
const textOf = (m: Message | undefined) =>
  !m ? '' : typeof m.content === 'string' ? m.content : m.content.map((p) => p.text ?? '').join('');

async function readBody(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
}

const typeOf = (s: Schema) => (Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type);

/** A field's value from the conversation's text (null when it does not say). */
function fieldFrom(name: string, schema: Schema, text: string): unknown {
  const said = new RegExp(`\\b${name}=([\\w.-]+)`, 'i').exec(text)?.[1];
  if (schema.enum) {
    const choices = schema.enum.filter((v): v is string => typeof v === 'string');
    return choices.find((c) => text.toLowerCase().includes(c.toLowerCase())) ?? null;
  }
  if (said === undefined) return null;
  switch (typeOf(schema)) {
    case 'number':
    case 'integer':
      return Number(said);
    case 'boolean':
      return /^(yes|true)$/i.test(said);
    default:
      return said;
  }
}

/** The schema filled from the conversation (see above). */
export function fillFromText(schema: Schema, text: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const props = schema.properties ?? {};
  const thanked = /thank/i.test(text);
  if (props.summary) {
    const first = /^Customer: (.*)$/m.exec(text)?.[1] ?? 'nothing';
    out.summary = `The customer wrote: ${first}`;
  }
  if (props.success) {
    const s = props.success.properties ?? {};
    const explanation = thanked ? 'The customer said thanks.' : 'The customer never said thanks.';
    if (s.checks)
      out.success = {
        checks: Object.fromEntries(
          Object.entries(s.checks.properties ?? {}).map(([k, v]) => {
            const word = /^Met: (\S+)/.exec(v.description ?? '')?.[1] ?? '';
            return [k, word !== '' && text.toLowerCase().includes(word.toLowerCase())];
          }),
        ),
        explanation,
      };
    else
      out.success = {
        value: typeOf(s.value ?? {}) === 'integer' ? (thanked ? 8 : 3) : thanked,
        explanation,
      };
  }
  if (props.fields)
    out.fields = Object.fromEntries(
      Object.entries(props.fields.properties ?? {}).map(([name, s]) => [
        name,
        fieldFrom(name, s, text),
      ]),
    );
  if (props.tags)
    out.tags = (props.tags.items?.enum ?? []).filter(
      (t): t is string => typeof t === 'string' && text.toLowerCase().includes(t.toLowerCase()),
    );
  return out;
}

export async function startFakeOutcomeModel(): Promise<FakeOutcomeModel> {
  const state: FakeOutcomeModel = {
    url: '',
    analyses: [],
    mode: 'fill',
    close: async () => {},
  };
  const server: Server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      const messages = (body.messages ?? []) as Message[];
      const format = body.response_format as
        { type: string; json_schema?: { schema: Schema } } | undefined;
      const base = { id: 'chatcmpl-1', created: 1700000000, model: String(body.model) };
      let content = 'Happy to help.';
      if (format) {
        const system = textOf(messages.find((m) => m.role === 'system'));
        const prompt = messages
          .filter((m) => m.role === 'user')
          .map(textOf)
          .join('\n');
        state.analyses.push({ responseFormat: format, system, prompt });
        content =
          state.mode === 'garbage'
            ? 'Sure! The customer seemed happy, I think.'
            : JSON.stringify(fillFromText(format.json_schema?.schema ?? {}, prompt));
      }
      if (!body.stream) {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(
          JSON.stringify({
            ...base,
            object: 'chat.completion',
            choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
            usage: { prompt_tokens: 5, completion_tokens: 5, total_tokens: 10 },
          }),
        );
        return;
      }
      res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
      const send = (obj: unknown) => res.write(`data: ${JSON.stringify(obj)}\n\n`);
      send({
        ...base,
        object: 'chat.completion.chunk',
        choices: [{ index: 0, delta: { role: 'assistant', content }, finish_reason: null }],
      });
      send({
        ...base,
        object: 'chat.completion.chunk',
        choices: [{ index: 0, delta: {}, finish_reason: 'stop' }],
        usage: { prompt_tokens: 5, completion_tokens: 5, total_tokens: 10 },
      });
      res.end('data: [DONE]\n\n');
    })();
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return state;
}
