import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export interface Env {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  seedDemo: boolean;
  jwtSecret: string;
  webDist?: string;
  logLevel: string;
  /** Redis for hub events across server processes; unset = one process. */
  redisUrl?: string;
}

/**
 * Reads the environment once at start-up. The signing secret comes from JWT_SECRET, or is generated once and
 * kept in the data directory so tokens survive restarts.
 */
export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const dataDir = resolve(source.DATA_DIR ?? './data');
  const databaseUrl = source.DATABASE_URL || undefined;
  return {
    port: Number(source.PORT ?? 3000),
    host: source.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl,
    seedDemo: databaseUrl ? source.SEED_DEMO === '1' : source.SEED_DEMO !== '0',
    jwtSecret: source.JWT_SECRET || secretInDataDir(dataDir),
    webDist: source.WEB_DIST,
    logLevel: source.LOG_LEVEL ?? 'info',
    redisUrl: source.REDIS_URL || undefined,
  };
}

function secretInDataDir(dataDir: string): string {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'jwt-secret');
  if (!existsSync(file)) writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' });
  return readFileSync(file, 'utf8').trim();
}
