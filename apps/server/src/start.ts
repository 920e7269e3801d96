/**
 * `npm start` and `npm run dev`: main.ts with the defaults of the README's first command, the demo companies on the
 * embedded database (db/seed/demo-guard.ts says when). Set in the process itself, so it works in every shell.
 */
import { npmStartDefaults } from './db/seed/demo-guard';

Object.assign(process.env, npmStartDefaults(process.env));
await import('./main');
