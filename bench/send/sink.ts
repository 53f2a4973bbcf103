// The SMTP server of `npm run bench:send`, in a process of its own: it counts what it accepts
// and throws the messages away.
import { fork, type ChildProcess } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { LOCAL_SMTP } from '../../src/server/test/smtpCatcher';
import type { Parts } from './parts';

/** Run in the sink's process: tells the parent its port, then its count whenever asked. */
export function runSink() {
  let accepted = 0;
  const server = new SMTPServer({
    ...LOCAL_SMTP,
    onData(stream, _session, callback) {
      stream.on('data', () => {});
      stream.on('end', () => {
        accepted += 1;
        callback();
      });
    },
  });
  server.listen(0, '127.0.0.1', () => {
    process.send!({ port: (server.server.address() as AddressInfo).port });
  });
  process.on('message', () => process.send!({ accepted }));
}

/** Run in the parent: starts the sink's process (`--role sink`) and waits for its port. */
export async function startSink(parts: Parts): Promise<{ sink: ChildProcess; port: number }> {
  const sink = fork(parts.file, ['--role', 'sink'], { execArgv: parts.execArgv });
  const port = await new Promise<number>((resolve) =>
    sink.once('message', (m: { port: number }) => resolve(m.port)),
  );
  return { sink, port };
}

/** Run in the parent: how many messages the sink has accepted so far. */
export async function accepted(sink: ChildProcess): Promise<number> {
  sink.send('count');
  return new Promise<number>((resolve) =>
    sink.once('message', (m: { accepted: number }) => resolve(m.accepted)),
  );
}
