import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp } from '../test/app';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const answers: Record<string, unknown> = {
  right: { name: 'Greenpoint' },
  wrongType: { name: 42 },
  extraField: { name: 'Greenpoint', passwordHash: 'argon2id$secret' },
};

/** An app whose /api/test/{kind} answers `answers[kind]` under the schema { name: string }. */
async function appWith(env: Record<string, string>): Promise<TestApp> {
  const t = await createTestApp({ env });
  t.app.get<{ Params: { kind: string } }>(
    '/api/test/answer/:kind',
    {
      config: { access: 'public' },
      schema: { response: { 200: z.object({ name: z.string() }) } },
    },
    async (request) => answers[request.params.kind] as { name: string },
  );
  await t.app.ready();
  return t;
}

describe('answers in tests and development', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await appWith({});
  });
  afterAll(() => t.close());

  it('are checked against their schema', async () => {
    const right = await t.app.inject({ url: '/api/test/answer/right' });
    expect(right.statusCode).toBe(200);
    expect(right.json()).toEqual({ name: 'Greenpoint' });
    const wrong = await t.app.inject({ url: '/api/test/answer/wrongType' });
    expect(wrong.statusCode).toBe(500);
  });

  it('fail when the schema would strip a field, since production would send it', async () => {
    const res = await t.app.inject({ url: '/api/test/answer/extraField' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('secret');
  });
});

describe('answers in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await appWith({ NODE_ENV: 'production' });
  });
  afterAll(() => t.close());

  it('are sent as the handler made them, unchecked', async () => {
    const right = await t.app.inject({ url: '/api/test/answer/right' });
    expect(right.statusCode).toBe(200);
    expect(right.json()).toEqual({ name: 'Greenpoint' });
    const wrong = await t.app.inject({ url: '/api/test/answer/wrongType' });
    expect(wrong.json()).toEqual({ name: 42 });
  });
});
