import { parseArgs } from 'node:util';
import { UsageError } from './errors';

/** Each command: its positional arguments and the options it takes beside the global ones. */
export const commands = {
  pull: { args: ['agent'], options: ['version', 'out'] },
  push: { args: ['file'], options: ['agent'] },
  diff: { args: ['agent'], options: [] },
  test: { args: ['agent'], options: ['timeout'] },
  publish: { args: ['agent'], options: ['note'] },
  versions: { args: ['agent'], options: [] },
  rollback: { args: ['agent', 'version'], options: [] },
  help: { args: [], options: [] },
} as const satisfies Record<string, { args: readonly string[]; options: readonly string[] }>;
export type CommandName = keyof typeof commands;

const globalOptions = ['url', 'key', 'json', 'help'] as const;

const optionSpec = {
  url: { type: 'string' },
  key: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'string' },
  out: { type: 'string', short: 'o' },
  agent: { type: 'string' },
  timeout: { type: 'string' },
  note: { type: 'string' },
} as const;

export interface ParsedCommand {
  command: CommandName;
  /** The positional arguments by name (commands[command].args). */
  args: Record<string, string>;
  url?: string;
  key?: string;
  json: boolean;
  version?: string;
  out?: string;
  agent?: string;
  /** `test --timeout <seconds>`, in milliseconds. */
  timeoutMs?: number;
  note?: string;
}

const isCommand = (name: string): name is CommandName => Object.hasOwn(commands, name);

/** The command line (without `node parley`) as a command, or a UsageError saying what is wrong. */
export function parseCommand(argv: readonly string[]): ParsedCommand {
  let parsed: ReturnType<typeof parseArgs<{ options: typeof optionSpec; allowPositionals: true }>>;
  try {
    parsed = parseArgs({
      args: [...argv],
      options: optionSpec,
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    throw new UsageError((error as Error).message.replace(/\. To specify a positional.*$/s, ''));
  }
  const { values, positionals } = parsed;
  const [name = 'help', ...rest] = positionals;
  if (!isCommand(name)) throw new UsageError(`Unknown command '${name}'.`);
  const command: CommandName = values.help ? 'help' : name;
  const spec = commands[command];
  const allowed = new Set<string>([...globalOptions, ...spec.options]);
  for (const option of Object.keys(values))
    if (!allowed.has(option))
      throw new UsageError(`'--${option}' is not an option of '${command}'.`);
  if (command !== 'help') {
    if (rest.length < spec.args.length)
      throw new UsageError(`'${command}' needs ${spec.args.map((a) => `<${a}>`).join(' ')}.`);
    if (rest.length > spec.args.length)
      throw new UsageError(
        `'${command}' takes ${spec.args.length} argument(s), not ${rest.length}.`,
      );
  }
  const args = Object.fromEntries(spec.args.map((a, i) => [a, rest[i]!]));
  if (command === 'rollback' && !/^[1-9]\d*$/.test(args.version!))
    throw new UsageError(`'rollback' needs a version number (1, 2, …), not '${args.version}'.`);
  if (values.version !== undefined && !/^(draft|live|[1-9]\d*)$/.test(values.version))
    throw new UsageError(
      `--version must be draft, live or a version number, not '${values.version}'.`,
    );
  let timeoutMs: number | undefined;
  if (values.timeout !== undefined) {
    const seconds = Number(values.timeout);
    if (!/^\d+$/.test(values.timeout) || seconds < 1 || seconds > 86_400)
      throw new UsageError(
        `--timeout must be a number of seconds from 1 to 86400, not '${values.timeout}'.`,
      );
    timeoutMs = seconds * 1000;
  }
  if (values.note !== undefined && values.note.length > 500)
    throw new UsageError('--note must be at most 500 characters.');
  return {
    command,
    args,
    url: values.url,
    key: values.key,
    json: values.json ?? false,
    version: values.version,
    out: values.out,
    agent: values.agent,
    timeoutMs,
    note: values.note,
  };
}

/** The server and key: flags first, then PARLEY_URL and PARLEY_API_KEY. */
export function resolveConnection(
  parsed: Pick<ParsedCommand, 'url' | 'key'>,
  env: Record<string, string | undefined>,
): { url: string; key: string } {
  const url = (parsed.url ?? env.PARLEY_URL ?? '').trim();
  const key = (parsed.key ?? env.PARLEY_API_KEY ?? '').trim();
  if (!url)
    throw new UsageError(
      'No server: set PARLEY_URL (or pass --url), e.g. https://parley.example.com.',
    );
  let parsedUrl: URL;
  try {
    parsedUrl = new URL(url);
  } catch {
    throw new UsageError(`PARLEY_URL is not a URL: '${url}'.`);
  }
  if (parsedUrl.protocol !== 'http:' && parsedUrl.protocol !== 'https:')
    throw new UsageError(`PARLEY_URL must start with http:// or https://, not '${url}'.`);
  if (!key)
    throw new UsageError(
      'No API key: set PARLEY_API_KEY (or pass --key). An owner or admin makes one in Account → API keys.',
    );
  return { url: url.replace(/\/+$/, ''), key };
}
