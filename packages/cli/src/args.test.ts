import { describe, expect, it } from 'vitest';
import { parseCommand, resolveConnection } from './args';
import { UsageError } from './errors';

const usageError = (argv: string[]) => {
  try {
    parseCommand(argv);
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as Error).message;
  }
  throw new Error(`${argv.join(' ')} was accepted`);
};

describe('the command line', () => {
  it('reads each command with its arguments and options', () => {
    expect(parseCommand(['pull', 'support_1', '--version', 'live', '-o', 'a.json'])).toMatchObject({
      command: 'pull',
      args: { agent: 'support_1' },
      version: 'live',
      out: 'a.json',
      json: false,
    });
    expect(parseCommand(['push', 'dir/support_1.json', '--agent', 'other'])).toMatchObject({
      command: 'push',
      args: { file: 'dir/support_1.json' },
      agent: 'other',
    });
    expect(parseCommand(['publish', 'a', '--note', 'New greeting', '--json'])).toMatchObject({
      note: 'New greeting',
      json: true,
    });
    expect(parseCommand(['test', 'a', '--timeout', '90'])).toMatchObject({ timeoutMs: 90_000 });
    expect(parseCommand(['rollback', 'a', '3'])).toMatchObject({
      args: { agent: 'a', version: '3' },
    });
    expect(parseCommand(['versions', 'a', '--url', 'http://x', '--key', 'k'])).toMatchObject({
      url: 'http://x',
      key: 'k',
    });
  });

  it('gives help for nothing, help, or -h anywhere', () => {
    expect(parseCommand([]).command).toBe('help');
    expect(parseCommand(['help']).command).toBe('help');
    expect(parseCommand(['diff', '-h']).command).toBe('help');
  });

  it('says what is wrong with a command line', () => {
    expect(usageError(['deploy'])).toBe("Unknown command 'deploy'.");
    expect(usageError(['pull'])).toBe("'pull' needs <agent>.");
    expect(usageError(['rollback', 'a'])).toBe("'rollback' needs <agent> <version>.");
    expect(usageError(['diff', 'a', 'b'])).toBe("'diff' takes 1 argument(s), not 2.");
    expect(usageError(['diff', 'a', '--note', 'x'])).toBe("'--note' is not an option of 'diff'.");
    expect(usageError(['diff', 'a', '--colour'])).toMatch(/Unknown option '--colour'/);
    expect(usageError(['rollback', 'a', 'latest'])).toBe(
      "'rollback' needs a version number (1, 2, …), not 'latest'.",
    );
    expect(usageError(['pull', 'a', '--version', 'newest'])).toBe(
      "--version must be draft, live or a version number, not 'newest'.",
    );
    expect(usageError(['test', 'a', '--timeout', '0'])).toMatch(
      /^--timeout must be a number of seconds/,
    );
    expect(usageError(['publish', 'a', '--note', 'x'.repeat(501)])).toBe(
      '--note must be at most 500 characters.',
    );
  });
});

describe('the server and key', () => {
  it('come from the flags first, then PARLEY_URL and PARLEY_API_KEY', () => {
    const env = { PARLEY_URL: 'https://env.example/', PARLEY_API_KEY: 'parley_env' };
    expect(resolveConnection({}, env)).toEqual({ url: 'https://env.example', key: 'parley_env' });
    expect(resolveConnection({ url: 'http://flag:3000', key: 'parley_flag' }, env)).toEqual({
      url: 'http://flag:3000',
      key: 'parley_flag',
    });
  });

  it('are required, and the URL must be http(s)', () => {
    expect(() => resolveConnection({}, {})).toThrow(/^No server: set PARLEY_URL/);
    expect(() => resolveConnection({}, { PARLEY_URL: 'http://x' })).toThrow(
      /^No API key: set PARLEY_API_KEY/,
    );
    expect(() => resolveConnection({ url: 'parley.example' }, { PARLEY_API_KEY: 'k' })).toThrow(
      "PARLEY_URL is not a URL: 'parley.example'.",
    );
    expect(() => resolveConnection({ url: 'ftp://x' }, { PARLEY_API_KEY: 'k' })).toThrow(
      /must start with http:\/\/ or https:\/\//,
    );
  });
});
