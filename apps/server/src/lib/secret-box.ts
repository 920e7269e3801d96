import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { secretFileInDataDir } from './env';

/**
 * Secrets the product must send on to someone else (a provider's client secret, a user's password there) cannot be
 * hashed: they are sealed with AES-256-GCM under a key from the environment and stored as
 * `enc:v1:<key id>:<base64 of 12-byte IV, 16-byte tag, ciphertext>`. The key id names the key, so a rotation can keep
 * older keys for reading and a missing key is named in the error. Each value is bound to where it is stored (the
 * context, as additional authenticated data), so a sealed value copied to another record does not open there.
 */

const PREFIX = 'enc:v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** The file in the data directory that holds the generated key when SECRETS_KEY is not set. */
export const SECRETS_KEY_FILE = 'secrets-key';

export interface SecretKey {
  /** 8 hex digits derived from the key itself: it tells which key a value needs without telling the key. */
  id: string;
  key: Buffer;
}

/** The keys a server holds: the first seals, every one opens. */
export type SecretKeys = readonly SecretKey[];

/** A stored secret that cannot be opened: its key is not held, or the value was changed. Never carries the secret. */
export class SecretUnreadableError extends Error {
  constructor(
    public readonly keyId: string,
    message: string,
  ) {
    super(message);
    this.name = 'SecretUnreadableError';
  }
}

/** The id of a key: a hash of it, so ids of different keys differ and the id reveals nothing of the key. */
export function keyIdOf(key: Buffer): string {
  return createHash('sha256').update('service-managed secrets key\u0000').update(key).digest('hex').slice(0, 8);
}

/**
 * Reads a 32-byte key written as 64 hex digits or in base64 (or base64url). `name` says where it came from in the
 * error, which never repeats the value (it may be a key after all).
 */
export function secretKeyOf(text: string, name: string): SecretKey {
  const value = text.trim();
  let key: Buffer | undefined;
  if (/^[0-9a-fA-F]{64}$/.test(value)) key = Buffer.from(value, 'hex');
  else if (/^[A-Za-z0-9+/_-]{43}=?$/.test(value)) key = Buffer.from(value.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  if (!key || key.length !== 32) {
    throw new Error(`${name} must be 32 bytes written as 64 hex digits or 44 base64 characters (for example the output of "openssl rand -base64 32").`);
  }
  return { id: keyIdOf(key), key };
}

/**
 * The keys of this server, read once at start-up: SECRETS_KEY seals and opens; SECRETS_PREVIOUS_KEYS (comma-separated)
 * only open, so values sealed before a rotation are read, and re-sealed under SECRETS_KEY at start-up. Without
 * SECRETS_KEY a key is generated once into the data directory, so the product runs with no setup; a key generated
 * there earlier still opens what it sealed after SECRETS_KEY is set.
 */
export function secretKeysOf(source: NodeJS.ProcessEnv, dataDir: string): SecretKeys {
  const file = join(dataDir, SECRETS_KEY_FILE);
  const configured = source.SECRETS_KEY?.trim();
  const keys = [configured ? secretKeyOf(configured, 'SECRETS_KEY') : keyInDataDir(dataDir)];
  const previous = (source.SECRETS_PREVIOUS_KEYS ?? '').split(',').map((k) => k.trim());
  previous.forEach((text, i) => {
    if (text !== '') keys.push(secretKeyOf(text, `SECRETS_PREVIOUS_KEYS (key ${i + 1})`));
  });
  if (configured && existsSync(file)) keys.push(secretKeyOf(readFileSync(file, 'utf8'), file));
  return keys.filter((k, i) => keys.findIndex((other) => other.id === k.id) === i);
}

/** The generated key, made once into the data directory (see secretFileInDataDir). */
function keyInDataDir(dataDir: string): SecretKey {
  const file = join(dataDir, SECRETS_KEY_FILE);
  return secretKeyOf(secretFileInDataDir(dataDir, SECRETS_KEY_FILE, () => `${randomBytes(32).toString('base64')}\n`), file);
}

let inUse: SecretKeys | null = null;

/** Sets the keys of this process (main.ts at start-up, tests per file). */
export function useSecretKeys(keys: SecretKeys): void {
  if (keys.length === 0) throw new Error('At least one key is needed to seal secrets.');
  inUse = keys;
}

/** The keys set by useSecretKeys. */
export function secretKeysInUse(): SecretKeys {
  if (!inUse) throw new Error('No key to seal secrets with has been set (SECRETS_KEY).');
  return inUse;
}

/** Whether a stored value is sealed (rather than a value stored before secrets were sealed). */
export function isSealed(stored: string): boolean {
  return stored.startsWith(PREFIX);
}

/** Whether a stored value is sealed under this key. */
export function isSealedWith(stored: string, key: SecretKey): boolean {
  return stored.startsWith(`${PREFIX}${key.id}:`);
}

/** Seals a secret under the first key, bound to `context` (where it is stored). */
export function sealSecret(plain: string, context: string, keys: SecretKeys = secretKeysInUse()): string {
  const { id, key } = keys[0]!;
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `${PREFIX}${id}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
}

/**
 * Opens a stored secret with whichever held key sealed it. A value stored before secrets were sealed is answered as
 * it is (start-up seals such values; a server of an earlier version may still write one during an upgrade). Throws
 * SecretUnreadableError, naming the key id, when the key is not held or the value does not open.
 */
export function openSecret(stored: string, context: string, keys?: SecretKeys): string {
  if (!isSealed(stored)) return stored;
  const held = keys ?? secretKeysInUse();
  const rest = stored.slice(PREFIX.length);
  const colon = rest.indexOf(':');
  const id = colon < 0 ? '?' : rest.slice(0, colon);
  const entry = held.find((k) => k.id === id);
  if (!entry) {
    throw new SecretUnreadableError(
      id,
      `A stored secret was sealed with key ${id}, which this server does not hold (it holds ${held.map((k) => k.id).join(', ')}). ` +
        'Start the server with that key in SECRETS_KEY or SECRETS_PREVIOUS_KEYS.',
    );
  }
  const bytes = Buffer.from(rest.slice(colon + 1), 'base64');
  try {
    if (bytes.length < IV_BYTES + TAG_BYTES) throw new Error('too short');
    const decipher = createDecipheriv('aes-256-gcm', entry.key, bytes.subarray(0, IV_BYTES), { authTagLength: TAG_BYTES });
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
  } catch {
    throw new SecretUnreadableError(id, `A stored secret sealed with key ${id} does not open: it was changed, or belongs to another record.`);
  }
}
