import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repositoryRoot, resolveDataDir } from './dataDir';

describe('resolveDataDir', () => {
  it('defaults to data/ at the repository root, whatever the working directory', () => {
    expect(existsSync(join(repositoryRoot, 'package-lock.json'))).toBe(true);
    expect(existsSync(join(repositoryRoot, 'apps', 'server', 'package.json'))).toBe(true);
    expect(resolveDataDir({}, '/somewhere/apps/server')).toBe(join(repositoryRoot, 'data'));
    expect(resolveDataDir({ PARLEY_DATA_DIR: '  ' }, '/elsewhere')).toBe(
      join(repositoryRoot, 'data'),
    );
  });

  it('keeps an absolute PARLEY_DATA_DIR as it is', () => {
    expect(resolveDataDir({ PARLEY_DATA_DIR: '/var/lib/parley/' }, '/x', '/repo')).toBe(
      '/var/lib/parley',
    );
  });

  it('reads a relative PARLEY_DATA_DIR from where npm was started (INIT_CWD), else the cwd', () => {
    expect(
      resolveDataDir(
        { PARLEY_DATA_DIR: './mine', INIT_CWD: '/home/me/parley' },
        '/home/me/parley/apps/server',
        '/repo',
      ),
    ).toBe('/home/me/parley/mine');
    expect(resolveDataDir({ PARLEY_DATA_DIR: 'mine' }, '/srv/run', '/repo')).toBe('/srv/run/mine');
  });
});
