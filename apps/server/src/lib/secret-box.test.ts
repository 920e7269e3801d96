import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openSecret, sealSecret, secretKeyOf, secretKeysOf, SecretUnreadableError } from './secret-box';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'sm-secret-box-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

const A = randomBytes(32);
const B = randomBytes(32);
const keyA = secretKeyOf(A.toString('base64'), 'A');
const keyB = secretKeyOf(B.toString('hex'), 'B');
const SECRET = 'Corrigo-client-secret-42/+=é';
const CONTEXT = 'provider_accounts.client_secret:1:corrigo';

describe('the secret box (AES-256-GCM under a key from the environment)', () => {
  it('stores enc:v1:<key id>:<base64 of iv, tag and ciphertext>, a fresh IV each time, and opens it again', () => {
    const one = sealSecret(SECRET, CONTEXT, [keyA]);
    const two = sealSecret(SECRET, CONTEXT, [keyA]);
    expect(one).toMatch(new RegExp(`^enc:v1:${keyA.id}:[A-Za-z0-9+/]+=*$`));
    expect(keyA.id).toMatch(/^[0-9a-f]{8}$/);
    expect(one).not.toContain(SECRET);
    expect(one).not.toBe(two);
    const bytes = Buffer.from(one.split(':')[3]!, 'base64');
    expect(bytes.length).toBe(12 + 16 + Buffer.byteLength(SECRET));
    expect(openSecret(one, CONTEXT, [keyA])).toBe(SECRET);
    expect(openSecret(two, CONTEXT, [keyB, keyA])).toBe(SECRET);
  });

  it('reads a key written in base64, base64url or hex, and refuses any other without repeating it', () => {
    expect(secretKeyOf(A.toString('base64url'), 'A').id).toBe(keyA.id);
    expect(secretKeyOf(A.toString('hex'), 'A').id).toBe(keyA.id);
    expect(secretKeyOf(` ${A.toString('base64')}\n`, 'A').id).toBe(keyA.id);
    for (const bad of ['short-key-value', randomBytes(16).toString('base64'), randomBytes(31).toString('hex') + 'zz', `${A.toString('base64')}!`]) {
      let message = '';
      try {
        secretKeyOf(bad, 'SECRETS_KEY');
      } catch (err) {
        message = (err as Error).message;
      }
      expect(message).toMatch(/^SECRETS_KEY must be 32 bytes/);
      expect(message).not.toContain(bad.trim());
    }
  });

  it('names the missing key, and never the secret, when a value was sealed under a key it does not hold', () => {
    const sealed = sealSecret(SECRET, CONTEXT, [keyA]);
    let caught: unknown;
    try {
      openSecret(sealed, CONTEXT, [keyB]);
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(SecretUnreadableError);
    expect((caught as SecretUnreadableError).keyId).toBe(keyA.id);
    expect((caught as Error).message).toContain(keyA.id);
    expect((caught as Error).message).toContain(keyB.id);
    expect((caught as Error).message).toContain('SECRETS_PREVIOUS_KEYS');
    expect(JSON.stringify({ message: (caught as Error).message, stack: (caught as Error).stack, ...(caught as object) })).not.toContain(SECRET);
  });

  it('refuses a sealed value that was changed or moved to another record', () => {
    const sealed = sealSecret(SECRET, CONTEXT, [keyA]);
    const [head, body] = [sealed.slice(0, sealed.lastIndexOf(':') + 1), Buffer.from(sealed.slice(sealed.lastIndexOf(':') + 1), 'base64')];
    body[body.length - 1] ^= 1;
    expect(() => openSecret(head + body.toString('base64'), CONTEXT, [keyA])).toThrow(SecretUnreadableError);
    expect(() => openSecret(sealed, 'provider_accounts.client_secret:2:corrigo', [keyA])).toThrow(`key ${keyA.id}`);
    expect(() => openSecret(`enc:v1:${keyA.id}:AAAA`, CONTEXT, [keyA])).toThrow(SecretUnreadableError);
  });

  it('reads a value stored before secrets were encrypted as it is', () => {
    expect(openSecret('plain-old-secret', CONTEXT, [keyA])).toBe('plain-old-secret');
  });

  it('takes SECRETS_KEY to encrypt and SECRETS_PREVIOUS_KEYS to decrypt', () => {
    const dir = tempDir();
    const keys = secretKeysOf({ SECRETS_KEY: B.toString('base64'), SECRETS_PREVIOUS_KEYS: ` ${A.toString('hex')} , ${A.toString('base64')}` }, dir);
    expect(keys.map((k) => k.id)).toEqual([keyB.id, keyA.id]);
    expect(openSecret(sealSecret(SECRET, CONTEXT, [keyA]), CONTEXT, keys)).toBe(SECRET);
    expect(sealSecret(SECRET, CONTEXT, keys)).toMatch(`enc:v1:${keyB.id}:`);
    expect(() => secretKeysOf({ SECRETS_KEY: B.toString('base64'), SECRETS_PREVIOUS_KEYS: 'nope' }, dir)).toThrow('SECRETS_PREVIOUS_KEYS (key 1) must be 32 bytes');
    expect(() => secretKeysOf({ SECRETS_KEY: 'x' }, dir)).toThrow('SECRETS_KEY must be 32 bytes');
  });

  it('generates a key once into the data directory when none is set, readable by the owner only, and keeps it', () => {
    const dir = tempDir();
    const first = secretKeysOf({}, dir);
    const again = secretKeysOf({}, dir);
    expect(first).toHaveLength(1);
    expect(again[0]!.id).toBe(first[0]!.id);
    const file = join(dir, 'secrets-key');
    expect(secretKeyOf(readFileSync(file, 'utf8'), file).id).toBe(first[0]!.id);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    // Set later, SECRETS_KEY encrypts; the generated key still opens what it sealed.
    const configured = secretKeysOf({ SECRETS_KEY: B.toString('base64') }, dir);
    expect(configured.map((k) => k.id)).toEqual([keyB.id, first[0]!.id]);
  });
});
