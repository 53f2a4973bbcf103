// Moves files with `git mv` and rewrites every relative import that named them (and the moved
// files' own relative imports), so a move is one command. Used for the house's second step
// (docs/decisions/20-house.md); kept for the next such move.
//
//   node scripts/codemod/moveFiles.mjs [--no-commit] old.ts=new.ts [old2.ts=new2.ts ...]
//
// It commits the renames alone (so git's rename detection sees pure moves), then writes the
// rewritten imports into the working tree for a second commit after tsc and lint pass.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const args = process.argv.slice(2);
const commit = !args.includes('--no-commit');
const moves = new Map(
  args.filter((a) => a.includes('=')).map((a) => a.split('=').map((p) => path.normalize(p))),
);

const git = (...a) => execFileSync('git', a, { encoding: 'utf8' });
const files = git('ls-files')
  .split('\n')
  .filter((f) => /\.(ts|tsx|mjs|js)$/.test(f));
const known = new Set(files);

const SUFFIXES = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];
function resolve(fromFile, spec) {
  const base = path.normalize(path.join(path.dirname(fromFile), spec));
  for (const s of SUFFIXES) if (known.has(base + s)) return { file: base + s, suffix: s };
  return null;
}

function specifier(fromFile, toFile, suffix) {
  let target = toFile;
  if (suffix && target.endsWith(suffix)) target = target.slice(0, -suffix.length);
  let rel = path.relative(path.dirname(fromFile), target);
  if (!rel.startsWith('.')) rel = `./${rel}`;
  return rel;
}

const SPEC = /((?:from|import|import\(|vi\.mock\(|vi\.doMock\()\s*)(['"])(\.{1,2}\/[^'"]*)\2/g;

export function rewrite(oldFile, text) {
  const newFile = moves.get(oldFile) ?? oldFile;
  return text.replace(SPEC, (whole, lead, quote, spec) => {
    const hit = resolve(oldFile, spec);
    if (!hit) return whole;
    const movedTo = moves.get(hit.file);
    if (!movedTo && newFile === oldFile) return whole;
    const next = specifier(newFile, movedTo ?? hit.file, hit.suffix);
    return `${lead}${quote}${next}${quote}`;
  });
}

const rewritten = new Map();
for (const f of files) {
  const text = readFileSync(f, 'utf8');
  const next = rewrite(f, text);
  if (next !== text || moves.has(f)) rewritten.set(moves.get(f) ?? f, next);
}

for (const [from, to] of moves) {
  mkdirSync(path.dirname(to), { recursive: true });
  git('mv', from, to);
}
if (commit && moves.size) {
  const names = [...moves].map(([a, b]) => `${a} -> ${b}`).join('\n');
  git(
    'commit',
    '-q',
    '-m',
    `Move ${moves.size} file(s) (imports follow in the next commit)\n\n${names}`,
  );
}
for (const [f, text] of rewritten) {
  if (!existsSync(f)) continue;
  writeFileSync(f, text);
}
console.log(`moved ${moves.size}, rewrote ${rewritten.size} file(s)`);
