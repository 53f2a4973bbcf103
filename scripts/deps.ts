// The server's rooms and which way their imports go, drawn from the code (`npm run deps`):
// each module, core, db, mail, caching, plugins ... and the imports between them. It exits 1
// on a circle between rooms (the lint's import-x/no-cycle sees circles of files; a circle of
// folders can exist without one), so `npm run lint` and CI run it. Type-only imports count (a
// type is a dependency a reader follows); tests and the test helpers do not: they assemble the
// app as app.ts does.
//
//   npm run deps                 text, one `from -> to (imports)` a line
//   npm run deps -- --mermaid    a Mermaid flowchart
//   tsx scripts/deps.ts --check  nothing but the circles (npm run lint)
//   npm run deps -- --modules    only the modules' imports of core and of each other's fronts
//                                (with --mermaid: the drawing in docs/architecture.md)
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SERVER = 'src/server';

export type Graph = Map<string, Map<string, number>>;

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir)).flatMap((name) => {
    const file = `${dir}/${name}`;
    if (statSync(path.join(ROOT, file)).isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : [];
  });
}

/** The room a file of the repository sits in, or null outside the server and its contract. */
export function roomOf(file: string): string | null {
  if (file.startsWith('src/common/')) return 'common';
  if (file.startsWith('src/web/')) return 'web';
  if (!file.startsWith(`${SERVER}/`)) return null;
  const parts = file.slice(SERVER.length + 1).split('/');
  if (parts[0] === 'modules' && parts.length > 2) return `modules/${parts[1]}`;
  if (parts.length > 1) return parts[0]!;
  // Each top-level file is a room of its own: app.ts and main.ts assemble the rest, the others
  // (appInstance.ts, config.ts ...) are small pieces every room may read.
  return parts[0]!;
}

function resolve(from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), spec));
  for (const suffix of ['', '.ts', '.tsx', '/index.ts', '/index.tsx']) {
    const candidate = path.join(ROOT, base + suffix);
    try {
      if (statSync(candidate).isFile()) return base + suffix;
    } catch {
      // not this one
    }
  }
  return null;
}

/** Every import of the server's files (static, dynamic and re-exports), between rooms. */
export function serverGraph(extraEdges: readonly [string, string][] = []): Graph {
  const graph: Graph = new Map();
  const add = (from: string, to: string) => {
    if (from === to) return;
    const out = graph.get(from) ?? new Map<string, number>();
    out.set(to, (out.get(to) ?? 0) + 1);
    graph.set(from, out);
  };
  for (const file of sourceFiles(SERVER).filter((f) => !f.startsWith(`${SERVER}/test/`))) {
    const from = roomOf(file)!;
    graph.set(from, graph.get(from) ?? new Map());
    const info = ts.preProcessFile(readFileSync(path.join(ROOT, file), 'utf8'), true, true);
    for (const ref of info.importedFiles) {
      const target = resolve(file, ref.fileName);
      const to = target && roomOf(target);
      if (to) add(from, to);
    }
  }
  for (const [from, to] of extraEdges) add(from, to);
  return graph;
}

/** The circles of the graph: its strongly connected parts of more than one room (Tarjan). */
export function circles(graph: Graph): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (room: string) => {
    index.set(room, next);
    low.set(room, next);
    next += 1;
    stack.push(room);
    for (const to of graph.get(room)?.keys() ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(room, Math.min(low.get(room)!, low.get(to)!));
      } else if (stack.includes(to)) {
        low.set(room, Math.min(low.get(room)!, index.get(to)!));
      }
    }
    if (low.get(room) === index.get(room)) {
      const part: string[] = [];
      let top: string;
      do {
        top = stack.pop()!;
        part.push(top);
      } while (top !== room);
      if (part.length > 1) found.push(part.sort());
    }
  };
  for (const room of [...graph.keys()].sort()) if (!index.has(room)) visit(room);
  return found;
}

function edges(graph: Graph): [string, string, number][] {
  return [...graph]
    .flatMap(([from, out]) => [...out].map(([to, n]): [string, string, number] => [from, to, n]))
    .sort(([a, b], [c, d]) => a.localeCompare(c) || b.localeCompare(d));
}

export function mermaid(graph: Graph): string {
  const id = (room: string) => room.replace(/[^A-Za-z0-9]/g, '_');
  const rooms = [...new Set(edges(graph).flatMap(([a, b]) => [a, b]))].sort();
  return [
    'flowchart TD',
    ...rooms.map((r) => `  ${id(r)}["${r}"]`),
    ...edges(graph).map(([a, b]) => `  ${id(a)} --> ${id(b)}`),
  ].join('\n');
}

/** The modules' part of the graph: module -> core and module -> module. */
function modulesOnly(graph: Graph): Graph {
  const isModule = (room: string) => room.startsWith('modules/');
  return new Map(
    [...graph]
      .filter(([from]) => isModule(from))
      .map(([from, out]) => [
        from,
        new Map([...out].filter(([to]) => isModule(to) || to === 'core')),
      ]),
  );
}

function main(): number {
  const whole = serverGraph();
  const graph = process.argv.includes('--modules') ? modulesOnly(whole) : whole;
  const asMermaid = process.argv.includes('--mermaid');
  if (!process.argv.includes('--check')) {
    console.log(
      asMermaid
        ? mermaid(graph)
        : edges(graph)
            .map(([a, b, n]) => `${a} -> ${b} (${n})`)
            .join('\n'),
    );
  }
  const found = circles(whole);
  for (const circle of found) console.error(`circle between rooms: ${circle.join(', ')}`);
  return found.length ? 1 : 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = main();
}
