import { createServer, type IncomingMessage, type Server } from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';

/**
 * A model on loopback speaking OpenAI chat completions (SSE), for agent-test runs:
 * - an agent's turn answers what its system prompt orders with `ALWAYS SAY: <text>` (else a
 *   greeting);
 * - the judge's call (its instructions start with 'You grade') grades a criterion of the form
 *   `mentions "<word>"`: met when the last agent answer holds the word, with its reasoning.
 */
export interface FakeGrader {
  url: string;
  /** The judge calls it received (their criteria). */
  graded: string[];
  close(): Promise<void>;
}

type Message = { role: string; content: string | Array<{ type: string; text?: string }> };
const textOf = (m: Message | undefined) =>
  !m ? '' : typeof m.content === 'string' ? m.content : m.content.map((p) => p.text ?? '').join('');

async function readBody(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
}

/** The grader's verdict on a `mentions "<word>"` criterion (what the fake model answers). */
export function gradeMention(prompt: string): { passed: boolean; reasoning: string } {
  const criterion = /Criterion: (.*)$/s.exec(prompt)?.[1] ?? '';
  const word = /mentions "([^"]+)"/.exec(criterion)?.[1];
  const answers = [...prompt.matchAll(/^Agent: (.*)$/gm)].map((m) => m[1]!);
  const last = answers[answers.length - 1] ?? '';
  if (!word) return { passed: false, reasoning: 'The criterion names nothing to look for.' };
  const passed = last.toLowerCase().includes(word.toLowerCase());
  return {
    passed,
    reasoning: passed ? `The answer mentions "${word}".` : `The answer never mentions "${word}".`,
  };
}

export async function startFakeGrader(): Promise<FakeGrader> {
  const state: FakeGrader = { url: '', graded: [], close: async () => {} };
  const server: Server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      const messages = (body.messages ?? []) as Message[];
      const system = textOf(messages.find((m) => m.role === 'system'));
      const last = textOf(messages[messages.length - 1]);
      let text: string;
      if (system.startsWith('You grade')) {
        state.graded.push(/Criterion: (.*)$/s.exec(last)?.[1] ?? '');
        text = JSON.stringify(gradeMention(last));
      } else {
        text = /ALWAYS SAY: (.*)$/m.exec(system)?.[1]?.trim() ?? 'Hello from the fake model.';
      }
      const base = { id: 'chatcmpl-1', created: 1700000000, model: String(body.model) };
      res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
      const send = (obj: unknown) => res.write(`data: ${JSON.stringify(obj)}\n\n`);
      for (const word of text.match(/\S+\s*/g) ?? [text])
        send({
          ...base,
          object: 'chat.completion.chunk',
          choices: [{ index: 0, delta: { content: word }, finish_reason: null }],
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
