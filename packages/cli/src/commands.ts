import { basename } from 'node:path';
import {
  agentDocumentSchema,
  agentNameSchema,
  ApiError,
  publishRefusalSchema,
} from '@parley/api-client';
import type { ParsedCommand } from './args';
import type { ParleyClient } from './client';
import { CheckFailed, exitCodes, UsageError } from './errors';
import { formatDiff, formatRestore, formatTestRun, formatVersions } from './format';
import { runPassed, runSuite } from './testRun';

/** What a command reaches outside itself (the process's streams and files, a clock). */
export interface Io {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  readFile: (path: string) => Promise<string>;
  writeFile: (path: string, text: string) => Promise<void>;
  sleep: (ms: number) => Promise<void>;
  now: () => number;
}

export interface Context {
  client: ParleyClient;
  parsed: ParsedCommand;
  io: Io;
}

/** The largest document `push` sends (the server takes 10 MB bodies). */
export const maxDocumentBytes = 10 * 1024 * 1024;

/** An agent name as the server names agents (letters, digits, _ and -): also a safe file name. */
export function agentArg(value: string, what = '<agent>'): string {
  const checked = agentNameSchema.safeParse(value);
  if (!checked.success)
    throw new UsageError(
      `${what} '${value}' is not an agent name: ${checked.error.issues[0]!.message}.`,
    );
  return checked.data;
}

/** Plain words, or the answer as JSON with --json. */
const say = (ctx: Context, plain: string, json: unknown) =>
  ctx.io.stdout(ctx.parsed.json ? JSON.stringify(json, null, 2) : plain);

async function pull(ctx: Context): Promise<number> {
  const agent = agentArg(ctx.parsed.args.agent!);
  const version = ctx.parsed.version ?? 'draft';
  const document = await ctx.client.exportDocument(agent, version);
  const text = `${JSON.stringify(document, null, 2)}\n`;
  if (ctx.parsed.out === '-') {
    ctx.io.stdout(text.trimEnd());
    return exitCodes.ok;
  }
  const file = ctx.parsed.out ?? `${agent}.json`;
  await ctx.io.writeFile(file, text);
  say(
    ctx,
    `Wrote ${file}: the ${version === 'draft' || version === 'live' ? version : `version ${version}`} of ${agent} (${document.name}).`,
    {
      file,
      agent,
      version,
      name: document.name,
    },
  );
  return exitCodes.ok;
}

/** Reads and checks an agent document file; what is wrong with it, as a UsageError. */
export async function readDocument(io: Pick<Io, 'readFile'>, file: string) {
  let text: string;
  try {
    text = await io.readFile(file);
  } catch (error) {
    throw new UsageError(`Cannot read ${file}: ${(error as Error).message}`);
  }
  if (Buffer.byteLength(text) > maxDocumentBytes)
    throw new UsageError(`${file} is larger than the 10 MB a document may be.`);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${file} is not JSON: ${(error as Error).message}`);
  }
  const checked = agentDocumentSchema.safeParse(json);
  if (!checked.success) {
    const issue = checked.error.issues[0]!;
    const where = issue.path.length ? issue.path.join('.') : 'the document';
    throw new UsageError(
      `${file} is not an agent document (parley pull writes one): ${where}: ${issue.message}`,
    );
  }
  return checked.data;
}

async function push(ctx: Context): Promise<number> {
  const file = ctx.parsed.args.file!;
  const agent = agentArg(ctx.parsed.agent ?? basename(file).replace(/\.json$/i, ''), '--agent');
  const document = await readDocument(ctx.io, file);
  const answer = await ctx.client.putDraft(agent, document);
  say(
    ctx,
    `The draft of ${agent} now is ${file}. Its changes against the live version: parley diff ${agent}`,
    {
      ...answer,
      agent,
      file,
    },
  );
  return exitCodes.ok;
}

async function diff(ctx: Context): Promise<number> {
  const agent = agentArg(ctx.parsed.args.agent!);
  const answer = await ctx.client.draft(agent);
  say(ctx, formatDiff(agent, answer), answer);
  return exitCodes.ok;
}

async function test(ctx: Context): Promise<number> {
  const agent = agentArg(ctx.parsed.args.agent!);
  const run = await runSuite(ctx.client, agent, {
    sleep: ctx.io.sleep,
    now: ctx.io.now,
    timeoutMs: ctx.parsed.timeoutMs,
  });
  say(ctx, formatTestRun(agent, run), run);
  return runPassed(run) ? exitCodes.ok : exitCodes.failed;
}

async function publish(ctx: Context): Promise<number> {
  const agent = agentArg(ctx.parsed.args.agent!);
  const info = await ctx.client.info(agent);
  if (!info.chatbot_key || !info.app_id)
    throw new UsageError(`${agent} has no app key yet: open it once in the console, then publish.`);
  try {
    const answer = await ctx.client.publish({
      chatbot_api_key: info.chatbot_key,
      app_id: info.app_id,
      ...(ctx.parsed.note ? { note: ctx.parsed.note } : {}),
    });
    say(ctx, `Published ${agent} as version ${answer.version}.`, answer);
    return exitCodes.ok;
  } catch (error) {
    const refusal =
      error instanceof ApiError && error.status === 409
        ? publishRefusalSchema.safeParse(error.body)
        : null;
    if (!refusal?.success) throw error;
    const names = refusal.data.failing_tests.map((t) => `  FAIL  ${t.name}`);
    if (ctx.parsed.json) ctx.io.stdout(JSON.stringify(refusal.data, null, 2));
    throw new CheckFailed(
      [
        `Publishing ${agent} was refused: ${refusal.data.error}`,
        ...names,
        `(test run ${refusal.data.run_id}; see it with parley test ${agent})`,
      ].join('\n'),
    );
  }
}

async function versions(ctx: Context): Promise<number> {
  const agent = agentArg(ctx.parsed.args.agent!);
  const answer = await ctx.client.versions(agent);
  say(ctx, formatVersions(agent, answer), answer);
  return exitCodes.ok;
}

async function rollback(ctx: Context): Promise<number> {
  const agent = agentArg(ctx.parsed.args.agent!);
  const answer = await ctx.client.restore(agent, Number(ctx.parsed.args.version));
  say(ctx, formatRestore(agent, answer), answer);
  return exitCodes.ok;
}

export const run: Record<
  Exclude<ParsedCommand['command'], 'help'>,
  (ctx: Context) => Promise<number>
> = {
  pull,
  push,
  diff,
  test,
  publish,
  versions,
  rollback,
};
