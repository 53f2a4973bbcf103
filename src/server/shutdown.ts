// Stopping an app server without failing a request (issue 22, docs/operations.md). On SIGTERM
// or SIGINT it starts draining (plugins/drain.ts: /api/ready answers 503, every answer closes
// its connection) and keeps serving for SHUTDOWN_DRAIN_SECONDS, long enough for a balancer that
// checks /api/ready to stop sending work here. Then Fastify's close: the port stops accepting
// connections (a proxy retries a refused connection on another server, POSTs too, since
// nothing was sent), idle keep-alive connections close, requests in flight finish (within
// CLOSE_CONNECTIONS_MS, then their connections are closed), and the onClose hooks run: the
// send worker finishes the messages in hand and hands back the ones it had claimed but not
// sent, the mailer closes. Last the database, and the process exits 0.
import type { Server } from 'node:http';
import { Server as NetServer } from 'node:net';
import type { FastifyInstance } from 'fastify';

export interface DrainOptions {
  drainMs: number;
  /** Ends the drain early when it settles. */
  cut?: Promise<unknown>;
  /** Called when the drain is over and closing begins. */
  onClosing?: () => void;
  /** After the port closes, how long requests already sent on accepted connections have to be read. */
  graceMs?: number;
  /**
   * After that, how long the connections still open have to end by themselves (an answer being
   * written, a client still sending a body) before they are closed.
   */
  closeMs?: number;
}

/** The bound on closing after the drain: a SIGTERM ends the process within the drain and this. */
export const CLOSE_CONNECTIONS_MS = 10_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Stops taking connections and resolves once every open one has ended. Not http's
 * server.close(), which at once destroys every connection with no request being read: a
 * connection accepted a moment ago, whose request is still in the socket's buffer, counts as
 * idle, and the proxy that sent the request gets a reset it cannot retry for a POST. So: the
 * port closes right after the event loop took the connections waiting (those still waiting are
 * reset by the system), what was sent on open connections is read for `graceMs` (each answer
 * closes its connection), and only then are idle connections closed.
 */
async function stopTakingConnections(
  server: Server,
  graceMs: number,
  closeMs: number,
): Promise<void> {
  if (!server.listening) return;
  await new Promise((resolve) => setImmediate(resolve));
  const ended = new Promise<void>((resolve) =>
    NetServer.prototype.close.call(server, () => resolve()),
  );
  await sleep(graceMs);
  server.closeIdleConnections();
  // A connection that never ends (a client that stopped in the middle of its request's body
  // holds it open for as long as it likes) must not keep the process from stopping (issue 31).
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => (timer = setTimeout(resolve, closeMs, 'late')));
  if ((await Promise.race([ended, late])) === 'late') server.closeAllConnections();
  clearTimeout(timer);
  await ended;
}

/**
 * Drains for `drainMs` (or until `cut` settles), then closes the app; resolves once every
 * request in flight was answered and every onClose hook ran.
 */
export async function drainAndClose(
  app: FastifyInstance,
  { drainMs, cut, onClosing, graceMs = 250, closeMs = CLOSE_CONNECTIONS_MS }: DrainOptions,
): Promise<void> {
  app.drain.begin();
  if (drainMs > 0) {
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<void>((resolve) => (timer = setTimeout(resolve, drainMs)));
    await Promise.race(cut ? [waited, cut] : [waited]);
    clearTimeout(timer);
  }
  onClosing?.();
  await stopTakingConnections(app.server, graceMs, closeMs);
  // Fastify's close finds the port closed and every request answered: its onClose hooks (the
  // send worker hands back its claims, the mailer closes) run after the last answer.
  await app.close();
}

/**
 * Drains and closes the app, then runs `after` (the backup socket, the database) whether or not
 * closing the app failed: an onClose hook that throws must not leave the embedded database
 * unclosed. The exit code: 0, or 1 when either part failed.
 */
export async function shutDown(
  app: FastifyInstance,
  drain: DrainOptions,
  after: () => Promise<void>,
): Promise<0 | 1> {
  let code: 0 | 1 = 0;
  try {
    await drainAndClose(app, drain);
  } catch (err) {
    app.log.error({ err }, 'shutting down: closing the app failed');
    code = 1;
  }
  try {
    await after();
  } catch (err) {
    app.log.error({ err }, 'shutting down: closing the database failed');
    code = 1;
  }
  return code;
}

export interface StopOnSignalsOptions {
  drainMs: number;
  /** After the app closed, or failed to (the database): the process exits once it settles. */
  after: () => Promise<void>;
}

/**
 * main.ts: the first SIGTERM or SIGINT drains, closes and exits (0, or 1 when closing failed).
 * Another signal while draining ends the wait (a second Ctrl-C); one while closing cuts the
 * requests still in flight.
 */
export function stopOnSignals(app: FastifyInstance, { drainMs, after }: StopOnSignalsOptions) {
  let phase: 'serving' | 'draining' | 'closing' = 'serving';
  let cutDrain = () => {};
  const onSignal = (signal: NodeJS.Signals) => {
    if (phase === 'draining') {
      app.log.info(`${signal} again: shutting down now`);
      cutDrain();
      return;
    }
    if (phase === 'closing') {
      app.log.info(`${signal} again: closing the connections still answering`);
      app.server.closeAllConnections();
      return;
    }
    phase = 'draining';
    app.log.info(
      drainMs > 0
        ? `${signal}: draining for ${drainMs / 1000} s, then shutting down (send it again to skip)`
        : `${signal}: shutting down`,
    );
    const cut = new Promise<void>((resolve) => (cutDrain = resolve));
    void shutDown(app, { drainMs, cut, onClosing: () => (phase = 'closing') }, after).then((code) =>
      process.exit(code),
    );
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
}
