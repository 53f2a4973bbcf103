// An answer sent before its request's body was read through: a refused upload (the file under
// another field name, too large, not signed in) is answered as soon as the server knows, while
// the client is still sending. Node reads the next request on that connection only once the
// body has arrived, and a multipart body being fed to the upload parser stops being read the
// moment nobody reads the file (the parser's backpressure): the next request on the connection
// waited for ever, and so did the connection of a client that stopped sending, and with it the
// server's shutdown (issue 31). So with such an answer the rest of the body is read and thrown
// away, which keeps the connection for the next request, within a bound: past `bytes` more, or
// `ms` after the answer, the connection is closed instead.
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { MEMBER_IMPORT } from '../../common/memberImport';

export interface UnreadBodyLimits {
  bytes: number;
  ms: number;
}

export const UNREAD_BODY: UnreadBodyLimits = {
  // Above the largest body a route takes (the member import's file), so a client sending a
  // refused file whole still reads its answer.
  bytes: MEMBER_IMPORT.maxBytes + 1024 * 1024,
  ms: 30_000,
};

function discardRest(req: IncomingMessage, { bytes, ms }: UnreadBodyLimits): void {
  const close = () => req.socket.destroy();
  const timer = setTimeout(close, ms);
  timer.unref();
  const done = () => clearTimeout(timer);
  req.once('end', done);
  req.once('close', done);
  let left = bytes;
  // The upload parser reads no more: what it would have held back is read here.
  req.unpipe();
  req.on('data', (chunk: Buffer) => {
    left -= chunk.length;
    if (left < 0) close();
  });
  req.resume();
}

export function registerUnreadBody(app: FastifyInstance, limits: UnreadBodyLimits = UNREAD_BODY) {
  // As the answer goes out, before Node's own discarding at its end, which counts nothing and
  // has no bound.
  app.addHook('onSend', (request, _reply, payload, done) => {
    const req = request.raw;
    // `complete` is Node's (app.inject's requests have none: their bodies are read whole).
    if (req.complete === false && !req.destroyed) discardRest(req, limits);
    done(null, payload);
  });
}
