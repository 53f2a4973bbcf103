// `npx tsx bench/mapSize.ts`: the home map's answer (GET /api/chapters/map) for a generated
// network on PostgreSQL (bench/network.ts; 20,000 chapters unless MAP_SIZES names others, e.g.
// MAP_SIZES=200,2000,20000): its size gzipped against the 150 KB budget, the time and CPU one
// build takes, and beside it the old whole-chapters answer (GET /api/chapters/active) it
// replaces on the site's screens, each with the longest it held the event loop. Fails above the
// budget.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import { openDatabase } from '../src/server/db/client';
import { encodeChapterMap } from '../src/common/chapterMap';
import { loadMapPins, toMapAnswer } from '../src/server/modules/chapters/mapAnswer';
import { activeChaptersJson } from '../src/server/modules/chapters/service';
import { createNetwork } from './network';

const BUDGET_BYTES = 150 * 1024;
const sizes = (process.env.MAP_SIZES ?? '20000').split(',').map(Number);

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * The time, the CPU and the longest hold on the event loop of `work`: how long a request that
 * came in meanwhile could have waited (a server builds these answers beside its requests).
 */
async function timed<T>(
  work: () => Promise<T>,
): Promise<{ value: T; ms: number; cpuMs: number; holdMs: number }> {
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  const cpu = process.cpuUsage();
  const started = performance.now();
  const value = await work();
  const used = process.cpuUsage(cpu);
  const ms = performance.now() - started;
  // Waits for a turn of the loop: the histogram records a delay when its timer next fires.
  await new Promise((resolve) => setTimeout(resolve, 5));
  delay.disable();
  return { value, ms, cpuMs: (used.user + used.system) / 1000, holdMs: delay.max / 1e6 };
}

const figures = (t: { ms: number; cpuMs: number; holdMs: number }) =>
  `built in ${t.ms.toFixed(0)} ms (${t.cpuMs.toFixed(0)} ms CPU, ` +
  `event loop held at most ${t.holdMs.toFixed(0)} ms)`;

async function measure(size: number): Promise<boolean> {
  const network = await createNetwork(size);
  try {
    const database = await openDatabase({ url: network.url, embeddedDir: 'unused', poolMax: 4 });
    try {
      await timed(() => loadMapPins(database.db)); // warm: plans, zone lookups
      const build = await timed(async () =>
        // As production builds it: unchecked (mapAnswer.ts).
        toMapAnswer(encodeChapterMap(await loadMapPins(database.db)), false),
      );
      const answer = build.value;
      const old = await timed(() => activeChaptersJson(database.db));
      const oldJson = old.value;
      const oldGzip = gzipSync(oldJson).length;
      const within = answer.gzip.length <= BUDGET_BYTES;
      console.log(
        [
          `${size} chapters (generated in ${network.generateSeconds.toFixed(1)} s): ${answer.pins} pins`,
          `  /api/chapters/map     ${kb(answer.gzip.length)} gzip (${kb(answer.body.length)} JSON), ` +
            figures(build),
          `  /api/chapters/active  ${kb(oldGzip)} gzip (${kb(oldJson.length)} JSON), ` +
            figures(old),
          `  budget ${kb(BUDGET_BYTES)} gzip: ${within ? 'within' : 'OVER'} ` +
            `(${((answer.gzip.length / BUDGET_BYTES) * 100).toFixed(0)}%)`,
        ].join('\n'),
      );
      return within;
    } finally {
      await database.close();
    }
  } finally {
    await network.drop();
  }
}

async function main() {
  let ok = true;
  for (const size of sizes) ok = (await measure(size)) && ok;
  if (!ok) process.exitCode = 1;
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
