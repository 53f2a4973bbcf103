// The demo's sign-ins (the site admin, a field organizer, a chapter host) with their demo
// passwords, which nothing forces anyone to change (they are for trying the site), are printed
// at every start and kept in DATA_DIR/demo-sign-ins.txt, readable by its owner only, so they
// can be found again after the console has scrolled. A sign-in leaves the file when its
// password is changed (it no longer works, and a password somebody chose is not ours to keep);
// the file goes with the last one.
import { chmodSync, mkdirSync, readFileSync } from 'node:fs';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface DemoSignIn {
  /** Who this account is on the demo network: 'site admin', 'chapter host of ...'. */
  role: string;
  email: string;
  password: string;
}

export const SIGN_IN_FILE = 'demo-sign-ins.txt';

const HEADER = [
  '# Demo sign-ins of the demo network in this folder, with their demo passwords. Each line',
  '# leaves this file when its password is changed; the file goes with the last one.',
];

export function signInFilePath(dataDir: string): string {
  return path.join(dataDir, SIGN_IN_FILE);
}

/** One line per sign-in, in columns: `role: email: ... password: ...`. */
export function signInLines(signIns: readonly DemoSignIn[]): string[] {
  const roleWidth = Math.max(...signIns.map((s) => s.role.length)) + 1;
  const emailWidth = Math.max(...signIns.map((s) => s.email.length));
  return signIns.map(
    (s) =>
      `${`${s.role}:`.padEnd(roleWidth)}  email: ${s.email.padEnd(emailWidth)}  password: ${s.password}`,
  );
}

function parse(text: string): DemoSignIn[] {
  return text.split('\n').flatMap((line) => {
    const m = /^(.+?):\s+email: (\S+)\s+password: (\S+)$/.exec(line);
    return m?.[1] && m[2] && m[3] ? [{ role: m[1], email: m[2], password: m[3] }] : [];
  });
}

// Written beside the file and renamed over it: a reader never sees half of it, and the mode
// is the new file's own (a mode given to writeFile only applies to a file it creates).
export async function writeSignInFile(
  dataDir: string,
  signIns: readonly DemoSignIn[],
): Promise<void> {
  const file = signInFilePath(dataDir);
  const temporary = `${file}.${process.pid}.tmp`;
  mkdirSync(dataDir, { recursive: true });
  await writeFile(temporary, [...HEADER, ...signInLines(signIns), ''].join('\n'), { mode: 0o600 });
  chmodSync(temporary, 0o600);
  await rename(temporary, file);
}

/** The sign-ins still in the file (none when there is no file). Synchronous: see main.ts. */
export function readSignInFile(dataDir: string): DemoSignIn[] {
  try {
    return parse(readFileSync(signInFilePath(dataDir), 'utf8'));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
}

// One change at a time: two passwords changed at once must not each write back the other's line.
let pending: Promise<void> = Promise.resolve();

/** Takes the account's sign-in out of the file after its password changed (nothing if absent). */
export function forgetSignIn(dataDir: string, email: string): Promise<void> {
  const run = pending.then(async () => {
    let text: string;
    try {
      text = await readFile(signInFilePath(dataDir), 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw err;
    }
    const all = parse(text);
    const left = all.filter((s) => s.email.toLowerCase() !== email.toLowerCase());
    if (left.length === all.length) return;
    if (left.length === 0) await rm(signInFilePath(dataDir), { force: true });
    else await writeSignInFile(dataDir, left);
  });
  pending = run.catch(() => undefined);
  return run;
}
