// A port nobody listens on right now, for a test or bench that starts a server process of its
// own (the process is told the number, so port 0 cannot be used).
import { createServer, type AddressInfo } from 'node:net';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
