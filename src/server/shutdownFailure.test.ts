// Shutting down when closing the app fails (an onClose hook throws): the database is closed all
// the same, and the exit code says it failed. Before, the failure skipped the database's close
// and the embedded database was left as the process died.
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerDrain } from './plugins/drain';
import { shutDown } from './shutdown';

async function appWhoseCloseFails() {
  const app = Fastify({ logger: false });
  registerDrain(app);
  app.addHook('onClose', async () => {
    throw new Error('a hook failed');
  });
  await app.ready();
  return app;
}

describe('shutDown', () => {
  it('closes the database even when closing the app failed, and answers exit code 1', async () => {
    const app = await appWhoseCloseFails();
    let databaseClosed = false;
    const code = await shutDown(app, { drainMs: 0 }, async () => {
      databaseClosed = true;
    });
    expect(databaseClosed).toBe(true);
    expect(code).toBe(1);
  });

  it('answers 1 when closing the database fails, and 0 when all went well', async () => {
    const failing = Fastify({ logger: false });
    registerDrain(failing);
    await failing.ready();
    expect(
      await shutDown(failing, { drainMs: 0 }, async () => {
        throw new Error('the database would not close');
      }),
    ).toBe(1);

    const fine = Fastify({ logger: false });
    registerDrain(fine);
    await fine.ready();
    expect(await shutDown(fine, { drainMs: 0 }, async () => {})).toBe(0);
  });
});
