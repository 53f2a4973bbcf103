// An upload refused before its body was read (issue 31): the 400 goes out while the client is
// still sending, and the connection stays usable: the next request on it is answered. A client
// that stops sending, or sends on past any upload's size, loses its connection instead of
// holding it for ever. Over real HTTP: app.inject has no connection to hang.
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/app';
import {
  createChapterAdminWorld,
  multipartBody,
  type ChapterAdminWorld,
  type TestApp,
} from '../test/chapterAdminWorld';
import { RawConnection } from '../test/rawHttp';
import { registerUnreadBody } from './unreadBody';

let t: TestApp;
let w: ChapterAdminWorld;
let port = 0;
const connections: RawConnection[] = [];
beforeAll(async () => {
  t = await createTestApp({ env: { MAIL_SEND_POLL_MS: '0' } });
  w = await createChapterAdminWorld(t);
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as { port: number }).port;
});
afterAll(async () => {
  connections.forEach((connection) => connection.destroy());
  await t.close();
});

function connection(to = port): RawConnection {
  const made = new RawConnection(to);
  connections.push(made);
  return made;
}

/** 3 MB, past the size at which the parser stops reading a file nobody reads. */
const bigFileAs = (field: string) =>
  multipartBody([
    {
      name: field,
      data: Buffer.alloc(3 * 1024 * 1024, 7),
      filename: 'a.jpg',
      contentType: 'image/jpeg',
    },
  ]);

describe('a big upload refused for its field name', () => {
  it.each([
    {
      route: 'a chapter header',
      url: () => `/api/chapter/header_image/${w.chapter.id}`,
      as: 'host',
    },
    { route: 'the front page image', url: () => '/api/front_page_image', as: 'admin' },
  ] as const)('to $route leaves its keep-alive connection answering', async ({ url, as }) => {
    const upload = bigFileAs('picture');
    const client = connection();
    await client.writeHead('POST', url(), {
      ...upload.headers,
      'content-length': upload.payload.length,
      cookie: w.cookies[as]!,
    });
    await client.write(upload.payload);
    const refused = await client.next();
    expect(refused?.status).toBe(400);
    expect(JSON.parse(refused!.body)).toMatchObject({ fields: [{ field: 'image' }] });

    await client.writeHead('GET', '/api/health', {});
    const next = await client.next();
    expect(next?.status).toBe(200);
  });
});

describe('after an early answer, the rest of the body', () => {
  // Two servers, so that each bound is far from what the other test costs: one that gives the
  // rest of a body a minute (reading 32 KB already sent, or closing at the size bound, never
  // meets it however slow the machine), and one that gives it 300 ms (a client that stops
  // sending only has to be left that long).
  const bares: FastifyInstance[] = [];
  let patientPort = 0;
  let hastyPort = 0;
  async function bare(ms: number): Promise<number> {
    const app = Fastify();
    bares.push(app);
    registerUnreadBody(app, { bytes: 64 * 1024, ms });
    // Refused before the body is read, as a sign-in check does.
    app.addHook('onRequest', async (request, reply) => {
      if (request.method === 'POST') return reply.code(401).send({ refused: true });
    });
    app.get('/next', async () => ({ next: true }));
    await app.listen({ host: '127.0.0.1', port: 0 });
    return (app.server.address() as { port: number }).port;
  }
  beforeAll(async () => {
    patientPort = await bare(60_000);
    hastyPort = await bare(300);
  });
  afterAll(() => Promise.all(bares.map((app) => app.close())));

  const post = async (client: RawConnection, length: number, sent: number) => {
    await client.writeHead('POST', '/upload', { 'content-length': length });
    await client.write(Buffer.alloc(sent, 1));
    expect((await client.next())?.status).toBe(401);
  };

  it('is read and thrown away when it is small: the connection answers the next request', async () => {
    const client = connection(patientPort);
    await post(client, 32 * 1024, 32 * 1024);
    await client.writeHead('GET', '/next', {});
    expect((await client.next())?.status).toBe(200);
  });

  it('closes the connection of a client that stops sending it', async () => {
    const client = connection(hastyPort);
    await post(client, 1024 * 1024, 10 * 1024);
    expect(await client.next()).toBeNull();
  });

  it('closes the connection when it goes on past the bound', async () => {
    const client = connection(patientPort);
    const length = 8 * 1024 * 1024;
    await client.writeHead('POST', '/upload', { 'content-length': length });
    // Written without waiting: the server may close before it is all sent.
    void client.write(Buffer.alloc(length, 1)).catch(() => {});
    expect((await client.next())?.status).toBe(401);
    expect(await client.next()).toBeNull();
  });
});
