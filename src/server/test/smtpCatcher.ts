// A mail catcher for tests: a real SMTP peer (smtp-server) on a port of its own that takes every
// message and keeps it as a mail program reads it (mailparser), attachments included.
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface SmtpCatcher {
  /** For the app's SMTP_URL. */
  url: string;
  readonly received: ParsedMail[];
  close(): Promise<void>;
}

/** A plain local SMTP peer: no sign-in, no TLS, no lookups, no log. */
export const LOCAL_SMTP = {
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  disableReverseLookup: true,
  logger: false,
};

export async function startSmtpCatcher(): Promise<SmtpCatcher> {
  const received: ParsedMail[] = [];
  const server = new SMTPServer({
    ...LOCAL_SMTP,
    onData(stream, _session, callback) {
      simpleParser(stream).then((mail) => {
        received.push(mail);
        callback();
      }, callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
