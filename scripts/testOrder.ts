// The order Vitest hands test files to its workers (vitest.config.ts, `sequence.sequencer`). Its
// own order runs the files it has no timings of first, largest first: on CI's clean clone that
// is every file, and some of the longest (a server started as a child process, twice) are among
// the smallest, so they started last and one worker ran on alone for a minute after the other
// had finished. Here the files known to take longest go first, each project's own, and the rest
// follow largest first; the order is the same on every machine, with or without timings of an
// earlier run (docs/decisions/02-operation.md, "The test suite's time").
import { statSync } from 'node:fs';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The longest files, longest first: from the server's run on PostgreSQL and `npm test`, on this
 * two-core machine idle and at load 20-30 (2026-11-29). A file missing here only starts later
 * than it could; `npx vitest run --reporter=json --outputFile=...` gives each file's time.
 */
export const LONGEST = [
  // isolated
  'src/web/answerSchemas.test.ts',
  'scripts/houseRules.test.ts',
  'scripts/build-server.test.ts',
  'scripts/purge-bootstrap.test.ts',
  'src/server/modules/chapters/answerForgetting.mocking.test.ts',
  // server
  'src/server/db/backup/restoreDrill.test.ts',
  'src/server/main.test.ts',
  'src/server/plugins/openapi.fuzz.test.ts',
  'src/server/mainImages.test.ts',
  'src/server/db/client.test.ts',
  'src/server/dataDir.test.ts',
  'src/server/import/legacy/importLegacy.test.ts',
  'src/server/shutdownStalled.test.ts',
  'src/server/plugins/accessMatrix.test.ts',
  'src/server/shutdown.signal.test.ts',
  'src/server/modules/reminders/twoServers.test.ts',
  'src/server/modules/calendar/calendar.test.ts',
  'src/server/modules/uploads/hostileImages.test.ts',
  'src/server/seed/demo.test.ts',
  'src/server/import/legacy/hostileSite.test.ts',
  'src/server/modules/auth/lockout.test.ts',
];

export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const key = (file: TestSpecification) => {
      const name = path.relative(root, file.moduleId).split(path.sep).join('/');
      const rank = LONGEST.indexOf(name);
      return {
        project: file.project.name,
        rank: rank === -1 ? LONGEST.length : rank,
        size: statSync(file.moduleId).size,
      };
    };
    const keys = new Map(files.map((file) => [file, key(file)]));
    // A project's files stay together: a worker that keeps its modules from one file to the
    // next (the server's, `isolate: false`) is stopped when the next file is another project's.
    return [...files].sort((a, b) => {
      const ka = keys.get(a)!;
      const kb = keys.get(b)!;
      if (ka.project !== kb.project) return ka.project < kb.project ? -1 : 1;
      return ka.rank - kb.rank || kb.size - ka.size;
    });
  }
}
