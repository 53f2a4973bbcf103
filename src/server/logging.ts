// How the server logs (docs/decisions/02-operation.md, "The console"). A request is one line at
// debug, not two at info: at the default level the log holds what someone must read (start-up,
// warnings, errors, mail kept in the outbox), and page loads write nothing, so the demo sign-ins
// printed at start-up stay on screen. On a terminal, outside production, lines are drawn for
// reading (pino-pretty); piped to a file or a collector, or in production, they are JSON lines.
import {
  LogController,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import type { Config } from './config';

/** Where log lines are written: anything with a write(line) (a test's stream, say). */
export interface LogDestination {
  write(line: string): void;
}

/** Fastify's lines about each request, moved from info to debug and made one per request. */
class RequestsAtDebug extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error) return super.requestCompleted(error, request, reply);
    request.log.debug(
      {
        method: request.method,
        url: request.url,
        statusCode: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      'request',
    );
  }

  // The request's own line says 404.
  override routeNotFound(): void {}

  // A visitor who leaves before the answer is sent is no news; other stream errors are.
  override streamError(error: Error, request: FastifyRequest, reply: FastifyReply): void {
    if ((error as NodeJS.ErrnoException).code === 'ERR_STREAM_PREMATURE_CLOSE') {
      request.log.debug({ url: request.url }, 'visitor left before the answer was sent');
      return;
    }
    super.streamError(error, request, reply);
  }
}

/**
 * Fastify's logging options. `to` is where the log goes (a test reads it); by default standard
 * output, drawn readable when that is a terminal.
 */
export async function loggingOptions(
  config: Pick<Config, 'env' | 'logLevel'>,
  to?: LogDestination,
): Promise<Pick<FastifyServerOptions, 'logger' | 'logController'>> {
  if (config.logLevel === 'silent') return { logger: false };
  const readable = !to && config.env !== 'production' && process.stdout.isTTY === true;
  return {
    logger: {
      level: config.logLevel,
      redact: ['req.headers.cookie'],
      // process.stdout rather than pino's own writer, which writes later: start-up's own lines
      // (console.log, the demo sign-ins last) come out in the order they were written.
      stream: to ?? (readable ? await readableStream() : process.stdout),
    },
    logController: new RequestsAtDebug(),
  };
}

// Loaded only for a terminal: a server in production never loads it.
async function readableStream(): Promise<LogDestination> {
  const { default: pretty } = await import('pino-pretty');
  return pretty({ sync: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname,reqId' });
}
