// Draining (issue 22, goal 2) on a listening app: from the moment shutting down begins,
// /api/ready answers 503 while everything else is still served, each answer (the front door's
// too) closes its connection; when the drain is over the port refuses new connections, an idle
// keep-alive connection is closed, a request in flight still gets its answer, and the send
// worker is stopped (it hands back what it claimed) only after that. An order of events, not
// times: the drain lasts until the test ends it (as a second signal does), so every check made
// while draining lands inside it however slow the machine (shutdownStalled.test.ts sees a short
// drain end by itself).
import { request as httpRequest, Agent, type IncomingHttpHeaders } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp } from './test/app';
import { drainAndClose } from './shutdown';

let t: Awaited<ReturnType<typeof createTestApp>>;
let port = 0;
let releaseSlow = () => {};
let slowBegan = () => {};
const slowStarted = new Promise<void>((resolve) => (slowBegan = resolve));
/** Told when the request in flight is about to be answered. */
let slowAnswering = () => {};

beforeAll(async () => {
  t = await createTestApp({
    env: { MAIL_SEND_POLL_MS: '0', PUBLIC_CACHE_SECONDS: '3600', HOME_MAP_CACHE_SECONDS: '3600' },
  });
  // A request that is in flight for as long as the test wants.
  const slow = new Promise<void>((resolve) => (releaseSlow = resolve));
  t.app.get('/api/test/slow', { config: { access: 'public' } }, async () => {
    slowBegan();
    await slow;
    slowAnswering();
    return { done: true };
  });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as { port: number }).port;
});
afterAll(async () => {
  releaseSlow();
  await t.close();
});

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
  socket: Socket;
}

/** A GET over `agent` (keep-alive) or a connection of its own. */
function get(path: string, agent?: Agent, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const options = { host: '127.0.0.1', port, path, headers, agent: agent ?? false };
    const req = httpRequest(options, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body, socket: req.socket! }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

/** Whether a new TCP connection to the app is refused. */
function refused(): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}

const GZIP = { 'accept-encoding': 'gzip' };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const TEN_MINUTES = 600_000;

describe('draining, then closing', () => {
  it('says 503 on /api/ready, serves on, then finishes what is in flight and stops', async () => {
    expect((await get('/api/ready')).status).toBe(200);
    expect(JSON.parse((await get('/api/ready')).body)).toEqual({ status: 'ready' });
    // An answer the front door keeps: its next request is sent before Fastify sees it.
    expect((await get('/api/chapters/active', undefined, GZIP)).status).toBe(200);

    // A keep-alive connection left idle, and one with a request in flight.
    const idleAgent = new Agent({ keepAlive: true, maxSockets: 1 });
    const idle = await get('/api/health', idleAgent);
    expect(idle.headers.connection).toBe('keep-alive');
    const idleClosed = new Promise((resolve) => idle.socket.once('close', resolve));
    const busyAgent = new Agent({ keepAlive: true, maxSockets: 1 });
    const inFlight = get('/api/test/slow', busyAgent);
    await slowStarted;

    const stop = vi.spyOn(t.app.sendWorker, 'stop');
    const events: string[] = [];
    let endDrain = () => {};
    let closingBegan = () => {};
    const closing = new Promise<void>((resolve) => (closingBegan = resolve));
    const closed = drainAndClose(t.app, {
      // The drain lasts until the test ends it; the request in flight is answered when the
      // test says. Both bounds only find a hang.
      drainMs: TEN_MINUTES,
      cut: new Promise<void>((resolve) => (endDrain = resolve)),
      closeMs: TEN_MINUTES,
      onClosing: () => {
        events.push('closing');
        closingBegan();
      },
    }).then(() => events.push('closed'));
    slowAnswering = () =>
      events.push(stop.mock.calls.length > 0 ? 'answered after the worker stopped' : 'answered');

    // Draining: not ready, still alive and serving, and every answer closes its connection.
    const ready = await get('/api/ready');
    expect(ready.status).toBe(503);
    expect(JSON.parse(ready.body)).toEqual({ status: 'draining' });
    expect(ready.headers.connection).toBe('close');
    const health = await get('/api/health', new Agent({ keepAlive: true }));
    expect(health.status).toBe(200);
    expect(health.headers.connection).toBe('close');
    const served = t.app.frontDoor.served;
    const fromDoor = await get('/api/chapters/active', new Agent({ keepAlive: true }), GZIP);
    expect(fromDoor.status).toBe(200);
    expect(t.app.frontDoor.served).toBe(served + 1);
    expect(fromDoor.headers.connection).toBe('close');
    expect(events).toEqual([]);
    expect(await refused()).toBe(false);

    // The drain is over: no new connections, the idle one is closed, the busy one still open.
    endDrain();
    await closing;
    while (!(await refused())) await sleep(20);
    await idleClosed;
    expect(events).toEqual(['closing']);
    expect(stop).not.toHaveBeenCalled();

    // The request in flight gets its answer, its connection closes, and only then the app.
    releaseSlow();
    const slow = await inFlight;
    expect(slow.status).toBe(200);
    expect(JSON.parse(slow.body)).toEqual({ done: true });
    expect(slow.headers.connection).toBe('close');
    await closed;
    expect(events).toEqual(['closing', 'answered', 'closed']);
    expect(stop).toHaveBeenCalledOnce();
    idleAgent.destroy();
    busyAgent.destroy();
  });
});
