// A mail catcher for tests: a real SMTP peer (smtp-server) on a port of its own that takes every
// message and keeps it as a mail program reads it (mailparser), attachments included. A test
// may have it refuse messages (a 4xx for a while, a 5xx for good), or start it on a port where
// one was stopped (the SMTP server is back).
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface SmtpCatcher {
  /** For the app's SMTP_URL. */
  url: string;
  port: number;
  readonly received: ParsedMail[];
  /** Refuse every message with this SMTP reply from now on (after reading it); null: take them. */
  refuse(reply: { code: number; message: string } | null): void;
  /** How many messages it refused. */
  readonly refused: number;
  close(): Promise<void>;
}

/** A plain local SMTP peer: no sign-in, no TLS, no lookups, no log. */
export const LOCAL_SMTP = {
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  disableReverseLookup: true,
  logger: false,
};

/** Starts a catcher, on `port` if given (one where an earlier catcher was closed). */
export async function startSmtpCatcher(port = 0): Promise<SmtpCatcher> {
  const received: ParsedMail[] = [];
  let refusal: { code: number; message: string } | null = null;
  let refused = 0;
  const server = new SMTPServer({
    ...LOCAL_SMTP,
    onData(stream, _session, callback) {
      simpleParser(stream).then((mail) => {
        if (refusal) {
          refused += 1;
          callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code }));
          return;
        }
        received.push(mail);
        callback();
      }, callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const bound = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${bound}`,
    port: bound,
    received,
    refuse(reply) {
      refusal = reply;
    },
    get refused() {
      return refused;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
