import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError, apiGet, apiSend } from './api';

let server: Server;
let base = '';

beforeAll(async () => {
  server = createServer((req, res) => {
    const answer = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(typeof body === 'string' ? body : JSON.stringify(body));
    };
    if (req.url === '/thing') return answer(200, { id: 1, name: 'A', extra: true });
    if (req.url === '/invalid')
      return answer(400, {
        statusCode: 400,
        error: 'Bad Request',
        message: 'Check the form',
        fields: [{ field: 'body.email', message: 'Enter a valid email address', x: 1 }],
      });
    return answer(502, '<html>proxy error</html>');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const thing = z.object({ id: z.number(), name: z.string() });

describe("the browser's side of the API", () => {
  it('checks answers against their schema in development and tests', async () => {
    expect(await apiGet(`${base}/thing`, thing)).toEqual({ id: 1, name: 'A' });
    await expect(apiGet(`${base}/thing`, z.object({ id: z.string() }))).rejects.toMatchObject({
      body: { error: 'Unexpected Answer' },
    });
  });

  it('returns the answer as sent where the build trusts it (the schema written false)', async () => {
    // What `!import.meta.env?.PROD && thing` is in a production build.
    const trusted = false as false | typeof thing;
    expect(await apiGet(`${base}/thing`, trusted)).toEqual({ id: 1, name: 'A', extra: true });
    expect(await apiSend('POST', `${base}/thing`, {}, trusted)).toEqual({
      id: 1,
      name: 'A',
      extra: true,
    });
  });

  it('passes the schema outside a production build: tests check every answer', async () => {
    const err = (await apiGet(
      `${base}/thing`,
      !import.meta.env?.PROD && z.object({ id: z.string() }),
    ).catch((e) => e)) as ApiError;
    expect(err.body.error).toBe('Unexpected Answer');
  });

  it("carries the server's error and its field messages", async () => {
    const err: unknown = await apiSend('POST', `${base}/invalid`, {}, thing).catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(400);
    expect((err as ApiError).message).toBe('Check the form');
    expect((err as ApiError).fields).toEqual([
      { field: 'body.email', message: 'Enter a valid email address' },
    ]);
  });

  it('makes an error of its own from an answer that is not ours', async () => {
    const err = (await apiGet(`${base}/other`, thing).catch((e) => e)) as ApiError;
    expect(err.status).toBe(502);
    expect(err.body).toEqual({
      statusCode: 502,
      error: 'Bad Gateway',
      message: 'Request failed (502).',
    });
  });
});
