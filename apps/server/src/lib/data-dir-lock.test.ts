import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lockDataDir } from './data-dir-lock';

describe('embedded data directory lock', () => {
  it('takes the lock, refuses it while a live process holds it, and releases it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sm-lock-'));
    writeFileSync(join(dir, 'server.pid'), String(process.ppid));
    expect(() => lockDataDir(dir)).toThrow(/Another server \(process \d+\) is using the embedded database/);
    writeFileSync(join(dir, 'server.pid'), '99999999');
    const unlock = lockDataDir(dir);
    expect(readFileSync(join(dir, 'server.pid'), 'utf8')).toBe(String(process.pid));
    unlock();
    expect(existsSync(join(dir, 'server.pid'))).toBe(false);
  });
});
