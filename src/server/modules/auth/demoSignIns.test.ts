// The demo's sign-ins in DATA_DIR/demo-sign-ins.txt: readable by its owner only, and
// each leaves the file once its password is changed, by Your Settings or by a reset link.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp } from '../../test/app';
import { mailOutbox } from '../../db/schema';
import { readSignInFile, signInFilePath, writeSignInFile } from '../../core/demoSignIns';
import { SESSION_COOKIE } from './sessions';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: 'http://chapters.test' } });
});
afterAll(() => t.close());

const post = (url: string, payload: object, cookie?: string) =>
  t.app.inject({ method: 'POST', url, payload, headers: cookie ? { cookie } : {} });

async function account(name: string, password: string) {
  const email = `${name}${Math.random().toString(36).slice(2, 8)}@example.org`;
  const res = await post('/api/auth/signup', { name, email, password, passwordMatch: password });
  const session = res.cookies.find((c) => c.name === SESSION_COOKIE);
  return { email, password, cookie: `${SESSION_COOKIE}=${session?.value ?? ''}` };
}

const emailsInFile = () => readSignInFile(t.config.dataDir).map((s) => s.email);
const modeOfFile = () => statSync(signInFilePath(t.config.dataDir)).mode & 0o777;

describe('the demo sign-in file', () => {
  it('is its owner’s only, and loses each sign-in as its password is changed', async () => {
    const admin = await account('Admin', 'first-admin-pass');
    const organizer = await account('Organizer', 'first-organizer-pass');
    const host = await account('Host', 'first-host-pass');
    await writeSignInFile(t.config.dataDir, [
      { role: 'site admin', ...admin },
      { role: 'field organizer of 5 chapters', ...organizer },
      { role: 'chapter host of Upper West Side', ...host },
    ]);
    expect(modeOfFile()).toBe(0o600);
    const text = readFileSync(signInFilePath(t.config.dataDir), 'utf8');
    expect(text).toContain(`site admin:`);
    expect(text).toMatch(new RegExp(`email: ${admin.email}\\s+password: first-admin-pass\\n`));
    expect(emailsInFile()).toEqual([admin.email, organizer.email, host.email]);

    // A wrong current password changes nothing, so the sign-in still works and stays.
    const refused = await post(
      '/api/user/me/password',
      {
        currentPassword: 'not-it',
        password: 'admin-chose-this',
        passwordMatch: 'admin-chose-this',
      },
      admin.cookie,
    );
    expect(refused.statusCode).toBe(400);
    expect(emailsInFile()).toEqual([admin.email, organizer.email, host.email]);

    // The admin changes theirs in Your Settings: their line goes, the file stays the owner's.
    const changed = await post(
      '/api/user/me/password',
      {
        currentPassword: admin.password,
        password: 'admin-chose-this',
        passwordMatch: 'admin-chose-this',
      },
      admin.cookie,
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(emailsInFile()).toEqual([organizer.email, host.email]);
    expect(readFileSync(signInFilePath(t.config.dataDir), 'utf8')).not.toContain(admin.email);
    expect(modeOfFile()).toBe(0o600);

    // The organizer sets a new one by a reset link.
    await post('/api/password_reset/create', { email: organizer.email });
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, organizer.email));
    const token = /password_verify\/([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1] ?? '';
    const reset = await post('/api/password_reset/new_password', {
      token,
      password: 'organizer-chose-this',
    });
    expect(reset.json()).toEqual({ result: 'ok' });
    expect(emailsInFile()).toEqual([host.email]);

    // The last one changed: no file is left.
    await post(
      '/api/user/me/password',
      {
        currentPassword: host.password,
        password: 'host-chose-this',
        passwordMatch: 'host-chose-this',
      },
      host.cookie,
    );
    expect(existsSync(signInFilePath(t.config.dataDir))).toBe(false);
  });
});
