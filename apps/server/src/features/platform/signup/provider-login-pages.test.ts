import { PROVIDER_LOGIN_PAGE_DEFAULTS } from '@sm/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app';
import { readEnv } from '../../../lib/env';
import { createTestApp, TEST_SECRET, type TestApp } from '../../../test/test-app';

/** The environment as a server reads it at start-up (a secret given, so nothing is written to disk). */
const envOf = (vars: Record<string, string>) => readEnv({ JWT_SECRET: 'provider-login-pages-secret', ...vars });

describe("the providers' login pages (spec platform 2.5)", () => {
  let t: TestApp;
  let operated: FastifyInstance;
  const pages = envOf({ SERVICECHANNEL_LOGIN_URL: 'https://sc.example.com/login', ECOTRAK_LOGIN_URL: ' https://ecotrak.example.com/ ', CORRIGO_LOGIN_URL: 'http://corrigo.example.com' }).providerLoginPages;
  beforeAll(async () => {
    t = await createTestApp();
    operated = await buildApp({ db: t.db, jwtSecret: TEST_SECRET, providerLoginPages: pages });
    await operated.ready();
  });
  afterAll(async () => {
    await operated?.close();
    await t?.close();
  });

  it("are the providers' public login pages unless the operator sets others", () => {
    expect(envOf({}).providerLoginPages).toEqual({
      serviceChannel: 'https://login.servicechannel.com/',
      ecotrak: 'https://app.ecotrak.com/',
      corrigo: 'https://login.corrigo.com/',
    });
    expect(envOf({ CORRIGO_LOGIN_URL: '' }).providerLoginPages.corrigo).toBe(PROVIDER_LOGIN_PAGE_DEFAULTS.corrigo);
    expect(pages).toEqual({ serviceChannel: 'https://sc.example.com/login', ecotrak: 'https://ecotrak.example.com/', corrigo: 'http://corrigo.example.com/' });
  });

  it('refuses to start with a login page that is no http or https address', () => {
    expect(() => envOf({ ECOTRAK_LOGIN_URL: 'javascript:alert(1)' })).toThrow('ECOTRAK_LOGIN_URL must be the http or https address');
    expect(() => envOf({ SERVICECHANNEL_LOGIN_URL: 'login.servicechannel.com' })).toThrow('SERVICECHANNEL_LOGIN_URL must be the http or https address');
  });

  it('are handed to the web app, before anyone signs in, with the sign-up state', async () => {
    const byDefault = await t.call('GET', '/api/v1/Account/signupState', null);
    expect(byDefault.statusCode).toBe(200);
    expect(byDefault.json().providerLoginPages).toEqual(PROVIDER_LOGIN_PAGE_DEFAULTS);
    const set = await operated.inject({ method: 'GET', url: '/api/v1/Account/signupState' });
    expect(set.json().providerLoginPages).toEqual(pages);
  });
});
