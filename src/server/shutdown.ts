// Stopping an app server without failing a request (issue 22, docs/operations.md). On SIGTERM
// or SIGINT it starts draining (plugins/drain.ts: /api/ready answers 503, every answer closes
// its connection) and keeps serving for SHUTDOWN_DRAIN_SECONDS, long enough for a balancer that
// checks /api/ready to stop sending work here. Then Fastify's close: the port stops accepting
// connections (a proxy retries a refused connection on another server, POSTs too, since
// nothing was sent), idle keep-alive connections close, requests in flight finish, and the
// onClose hooks run: the send worker finishes the messages in hand and hands back the ones it
// had claimed but not sent, the mailer closes. Last the database, and the process exits 0.
import type { FastifyInstance } from 'fastify';

export interface DrainOptions {
  drainMs: number;
  /** Ends the drain early when it settles. */
  cut?: Promise<unknown>;
  /** Called when the drain is over and closing begins. */
  onClosing?: () => void;
}

/**
 * Drains for `drainMs` (or until `cut` settles), then closes the app; resolves once every
 * request in flight was answered and every onClose hook ran.
 */
export async function drainAndClose(
  app: FastifyInstance,
  { drainMs, cut, onClosing }: DrainOptions,
): Promise<void> {
  app.drain.begin();
  if (drainMs > 0) {
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<void>((resolve) => (timer = setTimeout(resolve, drainMs)));
    await Promise.race(cut ? [waited, cut] : [waited]);
    clearTimeout(timer);
  }
  onClosing?.();
  await app.close();
}

export interface StopOnSignalsOptions {
  drainMs: number;
  /** After the app closed (the database): the process exits once it settles. */
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
    drainAndClose(app, { drainMs, cut, onClosing: () => (phase = 'closing') })
      .then(after)
      .then(
        () => process.exit(0),
        (err: unknown) => {
          app.log.error({ err }, 'shutting down failed');
          process.exit(1);
        },
      );
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
}
