// One round of load on one server: wrk when it is on the machine (Debian's package `wrk`; a Lua
// script sets the headers and rotates the URLs), autocannon otherwise. 1 thread either way.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

export interface LoadOptions {
  base: string;
  /** One URL for a repeated visitor; many to rotate through, in order, across all connections. */
  paths: string[];
  headers: Record<string, string>;
  connections: number;
  seconds: number;
}

export interface LoadResult {
  requests: number;
  rps: number;
  p50Ms: number;
  p99Ms: number;
  /** Answers of 400 and above, and socket errors and timeouts. */
  errors: number;
}

function hasWrk(): boolean {
  try {
    execFileSync('sh', ['-c', 'command -v wrk'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

export const loadTool: 'wrk' | 'autocannon' = process.env.BENCH_TOOL
  ? (process.env.BENCH_TOOL as 'wrk' | 'autocannon')
  : hasWrk()
    ? 'wrk'
    : 'autocannon';

const luaString = (s: string) => {
  if (/["\\\n\r]/.test(s)) throw new Error(`cannot put ${s} in a Lua string`);
  return `"${s}"`;
};

/**
 * With one path, wrk builds the request once (as for any repeated URL); with many, `request`
 * picks the next one each time. `done` prints the figures on one line for us to read.
 */
function wrkScript({ paths, headers }: LoadOptions): string {
  const lines = Object.entries(headers).map(
    ([name, value]) => `wrk.headers[${luaString(name)}] = ${luaString(value)}`,
  );
  if (paths.length === 1) lines.push(`wrk.path = ${luaString(paths[0]!)}`);
  else {
    lines.push(`local paths = {${paths.map(luaString).join(',')}}`);
    lines.push('local i = 0');
    lines.push('request = function()');
    lines.push('  i = i + 1; if i > #paths then i = 1 end');
    lines.push('  return wrk.format("GET", paths[i])');
    lines.push('end');
  }
  lines.push('done = function(summary, latency, requests)');
  lines.push('  local e = summary.errors');
  lines.push(
    '  io.write(string.format("BENCH_RESULT %d %d %.0f %.0f %d\\n", summary.requests, summary.duration, latency:percentile(50), latency:percentile(99), e.status + e.connect + e.read + e.write + e.timeout))',
  );
  lines.push('end');
  return lines.join('\n');
}

async function runWrk(options: LoadOptions): Promise<LoadResult> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-wrk-'));
  try {
    const script = path.join(dir, 'load.lua');
    writeFileSync(script, wrkScript(options));
    const args = ['-t1', `-c${options.connections}`, `-d${options.seconds}s`, '--timeout', '30s'];
    const output = await new Promise<string>((resolve, reject) => {
      const child = spawn('wrk', [...args, '-s', script, options.base], {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let out = '';
      child.stdout.on('data', (d: Buffer) => (out += d.toString()));
      child.on('error', reject);
      child.on('exit', (code) =>
        code === 0 ? resolve(out) : reject(new Error(`wrk exited with ${code}:\n${out}`)),
      );
    });
    const line = /BENCH_RESULT (\d+) (\d+) (\d+) (\d+) (\d+)/.exec(output);
    if (!line) throw new Error(`no result from wrk:\n${output}`);
    const [requests, durationUs, p50Us, p99Us, errors] = line.slice(1).map(Number) as number[];
    return {
      requests: requests!,
      rps: requests! / (durationUs! / 1e6),
      p50Ms: p50Us! / 1000,
      p99Ms: p99Us! / 1000,
      errors: errors!,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function runAutocannon(options: LoadOptions): Promise<LoadResult> {
  const { base, paths, headers, connections, seconds } = options;
  const result = await autocannon({
    url: paths.length === 1 ? base + paths[0] : base,
    connections,
    duration: seconds,
    timeout: 30,
    headers,
    ...(paths.length > 1 ? { requests: paths.map((p) => ({ method: 'GET', path: p })) } : {}),
  });
  return {
    requests: result.requests.total,
    rps: result.requests.total / result.duration,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.non2xx + result.errors + result.timeouts,
  };
}

export const runLoad = (options: LoadOptions): Promise<LoadResult> =>
  loadTool === 'wrk' ? runWrk(options) : runAutocannon(options);
