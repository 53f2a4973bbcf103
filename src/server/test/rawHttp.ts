// HTTP/1.1 over a plain TCP socket, for tests of what happens on one connection: a request
// written in pieces, the next request on the same connection, a client that stops sending.
import { connect, type Socket } from 'node:net';

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export class RawConnection {
  private readonly socket: Socket;
  private buffer = Buffer.alloc(0);
  private closed = false;
  private wake = () => {};

  constructor(port: number) {
    this.socket = connect(port, '127.0.0.1');
    this.socket.on('data', (chunk: Buffer) => {
      this.buffer = Buffer.concat([this.buffer, chunk]);
      this.wake();
    });
    // A reset after the server closed is a close too: the answers before it were read.
    this.socket.on('error', () => {});
    this.socket.on('close', () => {
      this.closed = true;
      this.wake();
    });
  }

  /** Writes `data`, resolved once it was handed to the system. */
  write(data: string | Buffer): Promise<void> {
    return new Promise((resolve, reject) =>
      this.socket.write(data, (err) => (err ? reject(err) : resolve())),
    );
  }

  /** The head of a request: its line and `headers` (Host added). */
  writeHead(method: string, url: string, headers: Record<string, string | number>): Promise<void> {
    const lines = Object.entries({ host: '127.0.0.1', ...headers }).map(([k, v]) => `${k}: ${v}`);
    return this.write(`${method} ${url} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`);
  }

  /**
   * The next answer on the connection, or null when the server closed the connection before
   * sending one. Rejects, saying it hung, when neither happened within `ms`.
   */
  async next(ms = 20_000): Promise<RawAnswer | null> {
    const deadline = Date.now() + ms;
    for (;;) {
      const answer = this.take();
      if (answer) return answer;
      if (this.closed) return null;
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(`no answer and no close within ${ms} ms: the connection hangs`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  }

  /** Whether the server closed the connection. */
  get isClosed(): boolean {
    return this.closed;
  }

  destroy(): void {
    this.socket.destroy();
  }

  /** One whole answer off the front of what was received (Content-Length bodies only). */
  private take(): RawAnswer | null {
    const end = this.buffer.indexOf('\r\n\r\n');
    if (end < 0) return null;
    const [statusLine = '', ...lines] = this.buffer
      .subarray(0, end)
      .toString('latin1')
      .split('\r\n');
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const colon = line.indexOf(':');
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    const length = Number(headers['content-length'] ?? 0);
    if (this.buffer.length < end + 4 + length) return null;
    const body = this.buffer.subarray(end + 4, end + 4 + length).toString('utf8');
    this.buffer = this.buffer.subarray(end + 4 + length);
    return { status: Number(statusLine.split(' ')[1]), headers, body };
  }
}
