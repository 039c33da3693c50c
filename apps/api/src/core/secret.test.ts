import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { developmentSecret } from './secret';

describe('the development secret', () => {
  const dirs: string[] = [];
  const freshDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'secret-'));
    dirs.push(dir);
    return path.join(dir, 'data');
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('is made once per data folder and read back after a restart, readable by its owner only', () => {
    const dataDir = freshDir();
    const first = developmentSecret(dataDir);
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(developmentSecret(dataDir)).toBe(first);
    expect(statSync(path.join(dataDir, 'app-secret')).mode & 0o777).toBe(0o600);
  });

  it('differs between data folders', () => {
    expect(developmentSecret(freshDir())).not.toBe(developmentSecret(freshDir()));
  });
});
