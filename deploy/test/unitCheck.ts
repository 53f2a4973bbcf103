// The systemd unit, read: it runs the compiled server from the install directory as a non-root
// user with the environment file, restarts on failure, stops with SIGTERM and gives the drain
// time enough; and systemd itself accepts it (systemd-analyze verify, where installed).
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readEnvironmentFile } from './processes';

type Note = (name: string, detail: string) => void;

export function checkUnit(root: string, pass: Note, fail: Note): void {
  const unitFile = path.join(root, 'deploy/systemd/chapters@.service');
  const unit = readFileSync(unitFile, 'utf8');
  const setting = (key: string) => new RegExp(`^${key}=(.*)$`, 'm').exec(unit)?.[1]?.trim();
  const drain = Number(
    readEnvironmentFile(path.join(root, 'deploy/systemd/chapters.env.example'))
      .SHUTDOWN_DRAIN_SECONDS ?? 5,
  );
  const problems = [
    /\bdist\/server\/main\.js\b/.test(setting('ExecStart') ?? '')
      ? ''
      : 'ExecStart runs no dist/server/main.js',
    setting('WorkingDirectory') ? '' : 'no WorkingDirectory',
    setting('EnvironmentFile') ? '' : 'no EnvironmentFile',
    setting('User') && setting('User') !== 'root' ? '' : 'no non-root User',
    setting('Restart') === 'on-failure' ? '' : 'Restart is not on-failure',
    setting('KillSignal') === 'SIGTERM' ? '' : 'KillSignal is not SIGTERM',
    // The drain, then closing (requests in flight, the send worker's last messages).
    Number(setting('TimeoutStopSec')) >= drain + 10 ? '' : `TimeoutStopSec under ${drain + 10}`,
    // DATA_DIR (the embedded database) is the chapters user's alone.
    setting('StateDirectoryMode') === '0700' ? '' : 'StateDirectoryMode is not 0700',
  ].filter(Boolean);

  let verified = 'systemd-analyze not installed';
  if (spawnSync('systemd-analyze', ['--version']).status === 0) {
    const dir = mkdtempSync(path.join(tmpdir(), 'chapters-unit-'));
    const instance = path.join(dir, 'chapters@3001.service');
    copyFileSync(unitFile, instance);
    const run = spawnSync('systemd-analyze', ['verify', instance], { encoding: 'utf8' });
    rmSync(dir, { recursive: true, force: true });
    const said = `${run.stdout}${run.stderr}`.trim();
    if (run.status !== 0 || said) problems.push(`systemd-analyze verify: ${said}`);
    verified = 'systemd-analyze verify accepts it';
  }
  if (problems.length === 0) {
    pass(
      'systemd unit',
      `TimeoutStopSec ${setting('TimeoutStopSec')} s > drain ${drain} s; ${verified}`,
    );
  } else {
    fail('systemd unit', problems.join('; '));
  }
}
