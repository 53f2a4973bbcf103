// Draining: the part of shutting down that every request meets. From the moment the server is
// told to stop (shutdown.ts) it is "draining": GET /api/ready answers 503, so a balancer that
// checks it sends no more work here, and every answer sent from then on, whether Fastify's or
// the front door's (caching/frontDoor.ts answers some requests before Fastify), goes out with
// `Connection: close`, so each keep-alive connection still in use ends cleanly after its answer
// instead of being cut under a request the proxy is sending on it. Connections nobody used
// while draining are closed by Fastify's close (`forceCloseConnections: 'idle'`), last, when
// they have been idle the longest and a proxy is least likely to pick one.
import type { FastifyInstance } from 'fastify';

export interface Drain {
  /** True from the moment shutting down began. */
  readonly draining: boolean;
  /** Starts draining (again: nothing more happens). */
  begin(): void;
}

export function registerDrain(app: FastifyInstance): Drain {
  let draining = false;
  const drain: Drain = {
    get draining() {
      return draining;
    },
    begin() {
      draining = true;
    },
  };
  app.decorate('drain', drain);
  // Node writes `Connection: close` and ends the socket after the answer when shouldKeepAlive
  // is false. A request that arrives while draining: set before the door's own listener (the
  // server's first), so the door's answers close too.
  app.server.prependListener('request', (_req, res) => {
    if (draining) res.shouldKeepAlive = false;
  });
  // One that arrived before but is answered after draining began.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (draining) reply.raw.shouldKeepAlive = false;
    done(null, payload);
  });
  // One whose headers (keep-alive) were already out when draining began keeps its connection:
  // the proxy may already be sending its next request on it, and ending it under that request
  // loses it (a reset nginx cannot retry for a POST: the rolling restart of test:deploy lost
  // one POST in three runs). Its next answer says `Connection: close`; a proxy's pool closes it
  // if unused (nginx's upstream keepalive_timeout, 4 s, is under the drain's 5 s).
  return drain;
}
