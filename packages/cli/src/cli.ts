import type { FetchLike } from '@parley/api-client';
import { parseCommand, resolveConnection } from './args';
import { parleyClient } from './client';
import { run, type Io } from './commands';
import { describeError, exitCodes } from './errors';
import { usage } from './usage';

export interface CliIo extends Io {
  env: Record<string, string | undefined>;
  fetch: FetchLike;
}

/** Runs one command line (without `node parley`); the exit code. Never throws. */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  let serverUrl = '';
  try {
    const parsed = parseCommand(argv);
    if (parsed.command === 'help') {
      io.stdout(usage);
      return exitCodes.ok;
    }
    const { url, key } = resolveConnection(parsed, io.env);
    serverUrl = url;
    const client = parleyClient({ url, key, fetch: io.fetch });
    return await run[parsed.command]({ client, parsed, io });
  } catch (error) {
    const { message, code } = describeError(error, serverUrl);
    io.stderr(message);
    return code;
  }
}
