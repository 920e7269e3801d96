import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { settingsFormAccess, settingsFormAnswerOf, settingsFormBodyOf, SETTINGS_FORMS, type SettingsFormDefinition } from '@sm/shared';
import type { Db } from '../../../db/client';
import { ctxOf } from '../../../lib/access-control';
import { getSettingsForm, saveSettingsForm } from './settings-forms.service';

const pascal = (text: string) => text.split(/[^A-Za-z0-9]+/).filter(Boolean).map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('');

/** The two routes of one settings form, declared from its shared description with its own permission and schemas. */
function formRoutes(app: FastifyInstance, db: Db, def: SettingsFormDefinition) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Administration settings'];
  const url = `/api/v1/Settings/${def.key}`;
  const answer = settingsFormAnswerOf(def);
  r.get(url, {
    config: { access: settingsFormAccess(def, 'read') },
    schema: {
      operationId: `get${pascal(def.title)}Form`,
      summary: `The company's ${def.title.toLowerCase()}, defaults where never saved`,
      description: def.description,
      tags,
      response: { 200: answer },
    },
    handler: (req) => getSettingsForm(ctxOf(req, db), def.key),
  });
  r.put(url, {
    config: { access: settingsFormAccess(def, 'write') },
    schema: {
      operationId: `save${pascal(def.title)}Form`,
      summary: `Save the company's ${def.title.toLowerCase()}`,
      description: 'The whole form: a field left out takes its default. A list row it names must be one of the company\'s (404 otherwise).',
      tags,
      body: settingsFormBodyOf(def),
      response: { 200: answer },
    },
    handler: (req) => saveSettingsForm(ctxOf(req, db), def.key, req.body as Record<string, unknown>),
  });
}

/** The administration's one-form settings (spec platform 2.1 account-settings), every one from its shared description. */
export function settingsFormsRoutes(app: FastifyInstance, deps: { db: Db }) {
  for (const def of SETTINGS_FORMS) formRoutes(app, deps.db, def);
}
