// `npm start` rebuilds only when something a build reads has changed since the last build (or
// dist/ was rebuilt by other means); `npm run build` always builds.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isUpToDate, STAMP_FILE, writeStamp } from './build';

let root = '';
const write = (file: string, text: string) => {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
};

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'chapters-build-'));
  write('src/web/main.tsx', 'render();\n');
  write('src/server/main.ts', 'listen();\n');
  write('src/server/main.test.ts', 'test();\n');
  write('scripts/compress-web.ts', 'compress();\n');
  write('vite.config.ts', 'export default {};\n');
  write('tsconfig.json', '{}\n');
  write('package.json', '{}\n');
  write('package-lock.json', '{}\n');
  // What a build wrote.
  write('dist/web/index.html', '<script src="/assets/index-A.js"></script>\n');
  write('dist/server/main.js', 'listen();\n');
  writeStamp(root);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('the build on start', () => {
  it('is skipped when nothing changed, and when only a test changed', () => {
    expect(isUpToDate(root)).toBe(true);
    write('src/server/main.test.ts', 'test(); test();\n');
    expect(isUpToDate(root)).toBe(true);
  });

  it('runs after a change to the sources, the build scripts, its settings or the packages', () => {
    for (const [file, text] of [
      ['src/web/main.tsx', 'render(2);\n'],
      ['src/common/format.ts', 'new file;\n'],
      ['scripts/compress-web.ts', 'compress(9);\n'],
      ['vite.config.ts', 'export default { base: "/x" };\n'],
      ['package-lock.json', '{"packages":{}}\n'],
    ] as const) {
      const before = (() => {
        try {
          return readFileSync(path.join(root, file), 'utf8');
        } catch {
          return null;
        }
      })();
      write(file, text);
      expect(isUpToDate(root), file).toBe(false);
      if (before === null) rmSync(path.join(root, file));
      else write(file, before);
      expect(isUpToDate(root), `${file} put back`).toBe(true);
    }
  });

  it('runs when dist/ was rebuilt by other means, is incomplete, or has no stamp', () => {
    write('dist/web/index.html', '<script src="/assets/index-B.js"></script>\n');
    expect(isUpToDate(root)).toBe(false);
    writeStamp(root);
    rmSync(path.join(root, 'dist/server/main.js'));
    expect(isUpToDate(root)).toBe(false);
    write('dist/server/main.js', 'listen();\n');
    expect(isUpToDate(root)).toBe(true);
    rmSync(path.join(root, STAMP_FILE));
    expect(isUpToDate(root)).toBe(false);
  });

  it('is what npm start does before starting the server; npm run build always builds', () => {
    const { scripts } = JSON.parse(readFileSync('package.json', 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(scripts.start).toMatch(/^tsx scripts\/build\.ts --if-changed && node /);
    expect(scripts.build).toBe('tsx scripts/build.ts');
  });
});
