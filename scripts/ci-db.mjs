#!/usr/bin/env node
// Creates or drops a throwaway database on the local PostgreSQL for CI. Exits 1 when no server answers.
import { createRequire } from 'node:module';

const require = createRequire(new URL('../apps/server/package.json', import.meta.url));
const pg = require('pg');
const [action, name] = process.argv.slice(2);
if (!/^[a-z0-9_]+$/.test(name ?? '')) throw new Error('database name must be lower-case letters, digits and _');
const client = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres', connectionTimeoutMillis: 3000 });
try {
  await client.connect();
} catch {
  process.exit(1);
}
if (action === 'create') await client.query(`CREATE DATABASE ${name}`);
else await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
await client.end();
