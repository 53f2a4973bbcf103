// PostgreSQL's LISTEN/NOTIFY, the same on PostgreSQL and on PGlite: every app server on one
// database hears what any of them sends on a channel, itself included. On PostgreSQL the listener
// holds a connection of its own (a pooled one would be handed to a request, or dropped when idle)
// and opens it again when it drops, telling its user so: a notice sent while it was away is lost.
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more. */
export const MAX_NOTICE_BYTES = 7999;

export interface NoticeHandlers {
  onNotice(payload: string): void;
  /** Called with true each time the listening connection is (again) listening, false when it drops. */
  onListening(listening: boolean): void;
}

export interface Notices {
  /** Sends `payload` (at most MAX_NOTICE_BYTES bytes) to every listener of `channel`. */
  notify(channel: string, payload: string): Promise<void>;
  /** Listens until the returned stop() is called. */
  listen(channel: string, handlers: NoticeHandlers): Promise<() => Promise<void>>;
}

/** Channel names are identifiers: lower case letters, digits and underscores only. */
function checkChannel(channel: string): void {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(channel)) throw new Error(`bad channel name: ${channel}`);
}

export function postgresNotices(
  pool: pg.Pool,
  url: string,
  retryMs = { first: 250, max: 10_000 },
): Notices {
  return {
    async notify(channel, payload) {
      checkChannel(channel);
      await pool.query('select pg_notify($1, $2)', [channel, payload]);
    },
    async listen(channel, handlers) {
      checkChannel(channel);
      let stopped = false;
      let client: pg.Client | null = null;
      let retry: NodeJS.Timeout | null = null;
      let delay = retryMs.first;

      const connect = async (): Promise<void> => {
        const c = new pg.Client({ connectionString: url });
        client = c;
        let dropped = false;
        const drop = () => {
          if (dropped) return;
          dropped = true;
          handlers.onListening(false);
          c.end().catch(() => {});
          if (!stopped) {
            retry = setTimeout(() => void connect().catch(() => {}), delay);
            delay = Math.min(delay * 2, retryMs.max);
          }
        };
        // A lost connection must not crash the process: it is opened again.
        c.on('error', drop);
        c.on('end', drop);
        c.on('notification', (message) => {
          if (message.channel === channel) handlers.onNotice(message.payload ?? '');
        });
        try {
          await c.connect();
          await c.query(`listen ${channel}`);
        } catch {
          drop();
          return;
        }
        if (stopped) {
          await c.end().catch(() => {});
          return;
        }
        delay = retryMs.first;
        handlers.onListening(true);
      };

      await connect();
      return async () => {
        stopped = true;
        if (retry) clearTimeout(retry);
        const c = client as pg.Client | null;
        c?.removeAllListeners('end');
        c?.removeAllListeners('error');
        c?.on('error', () => {});
        await c?.end().catch(() => {});
      };
    },
  };
}

/** PGlite runs in this process: one connection, never dropped, shared by every app on it. */
export function pgliteNotices(client: PGlite): Notices {
  return {
    async notify(channel, payload) {
      checkChannel(channel);
      await client.query('select pg_notify($1, $2)', [channel, payload]);
    },
    async listen(channel, handlers) {
      checkChannel(channel);
      const onNotice = (payload: string) => handlers.onNotice(payload);
      const unlisten = await client.listen(channel, onNotice);
      handlers.onListening(true);
      return async () => {
        // Closing the database first also ends the listening.
        if (!client.closed) await unlisten();
      };
    },
  };
}
