// The OpenAPI document (plugins/openapi.ts) and its reader (/api/docs): a valid OpenAPI 3.1
// document that describes every /api route with its access rule, a success answer with a schema
// and error answers in the one error shape; and a reference page that works offline under the
// site's Content-Security-Policy.
import { Validator, type SpecData } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/app';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
let t: TestApp;

interface Operation {
  operationId: string;
  'x-access': string;
  security: unknown[];
  description: string;
  responses: Record<
    string,
    {
      content?: Record<string, { schema?: unknown }>;
      headers?: Record<string, { schema?: unknown }>;
    }
  >;
}
interface Document {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown> };
}
let document: Document;

beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.inject({ url: '/api/openapi.json' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  document = res.json();
});
afterAll(() => t.close());

const operations = () =>
  Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({
      call: `${method.toUpperCase()} ${path}`,
      operation,
    })),
  );

/**
 * Routes that may have no success schema, each with the reason. Redirects (3xx with no body)
 * need no entry; a file, calendar or page is described by its media type with a string schema.
 */
const NO_SUCCESS_SCHEMA: Record<string, string> = {};

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document) as unknown as SpecData);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('shows every /api route with the access rule it declares, and nothing else', () => {
    const shown = operations().map(({ call, operation }) => `${call} ${operation['x-access']}`);
    const registered = t.app.apiRoutes.map(
      (r) => `${r.method} ${r.url.replace(/:([A-Za-z]+)/g, '{$1}')} ${r.access}`,
    );
    expect(shown.sort()).toEqual(registered.sort());
  });

  it('names every operation uniquely', () => {
    const ids = operations().map(({ operation }) => operation.operationId);
    expect(ids.every(Boolean)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('asks for the session cookie exactly where the rule needs one, and says so', () => {
    for (const { call, operation } of operations()) {
      const access = operation['x-access'];
      expect(operation.security, call).toEqual(access === 'public' ? [] : [{ session: [] }]);
      expect(operation.description, call).toContain(`Access: ${access}.`);
    }
  });

  it('gives every route a success answer with a schema', () => {
    const missing = operations()
      .filter(({ call }) => !(call in NO_SUCCESS_SCHEMA))
      .filter(({ operation }) => {
        const success = Object.entries(operation.responses).filter(([code]) => /^2/.test(code));
        const redirects = Object.keys(operation.responses).filter((code) => /^3/.test(code));
        if (success.length === 0) return redirects.length === 0;
        return success.some(
          ([, answer]) =>
            !answer.content || Object.values(answer.content).some((media) => !media.schema),
        );
      })
      .map(({ call }) => call);
    expect(missing, 'routes with no response schema for their success answer').toEqual([]);
  });

  it('declares where every redirect leads (its Location header), a tracked link’s among them', () => {
    const redirects = operations().flatMap(({ call, operation }) =>
      Object.entries(operation.responses)
        .filter(([code]) => /^3/.test(code))
        .map(([code, answer]) => ({ call: `${call} ${code}`, answer })),
    );
    expect(redirects.map((r) => r.call)).toContain('GET /api/mailing_list/click/{token} 302');
    for (const { call, answer } of redirects) {
      expect(answer.headers?.Location?.schema, call).toMatchObject({ type: 'string' });
      expect(answer.content, call).toBeUndefined();
    }
  });

  it('answers every error in the one error shape, 401 and 403 where the rule refuses', () => {
    expect(document.components.schemas.ApiError).toMatchObject({
      type: 'object',
      required: ['statusCode', 'error', 'message'],
    });
    for (const { call, operation } of operations()) {
      const errors = Object.entries(operation.responses).filter(([code]) => /^4/.test(code));
      expect(
        errors.map(([code]) => code),
        call,
      ).toContain('400');
      for (const [code, answer] of errors) {
        expect(answer.content?.['application/json']?.schema, `${call} ${code}`).toEqual({
          $ref: '#/components/schemas/ApiError',
        });
      }
      const guarded = operation['x-access'] !== 'public';
      expect('401' in operation.responses, call).toBe(guarded);
      if (guarded) expect(operation.responses, call).toHaveProperty('403');
    }
  });
});

describe('the API reference at /api/docs', () => {
  it('is a page of our own files, with no inline script or style, under the strict CSP', async () => {
    const res = await t.app.inject({ url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(csp).toMatch(/style-src 'self'(;|$)/);
    const html = res.body;
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(html).not.toMatch(/<style|\sstyle=|\son[a-z]+=/i);
    const files = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(files.length).toBeGreaterThanOrEqual(3);
    for (const file of files) {
      // Nothing from a CDN: every file is ours, and is there.
      expect(file).toMatch(/^\/api\/docs\//);
      const asset = await t.app.inject({ url: file });
      expect(asset.statusCode, file).toBe(200);
      expect(asset.headers['content-type'], file).toMatch(/^(text\/(css|javascript)|image\/)/);
    }
  });

  it('starts Swagger UI on our document, with no outside validator', async () => {
    const res = await t.app.inject({ url: '/api/docs/start.js' });
    expect(res.body).toContain("url: '/api/openapi.json'");
    expect(res.body).toContain('validatorUrl: null');
  });

  it('answers a file it does not have with a 400 in the error shape', async () => {
    const res = await t.app.inject({ url: '/api/docs/..%2Fpackage.json' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
  });
});
