import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The embedded database allows one process per data directory: a second server on the same folder would
 * corrupt it. Takes the folder's lock, or explains who holds it. A lock left by a killed process is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'server.pid');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      return () => rmSync(file, { force: true });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const holder = Number(readFileSync(file, 'utf8'));
      if (Number.isInteger(holder) && holder !== process.pid && isAlive(holder)) {
        throw new Error(`Another server (process ${holder}) is using the embedded database in ${dataDir}. Stop it, or set DATA_DIR to another folder.`);
      }
      rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not lock ${dataDir}.`);
}
