// Points the imports of some names at the file that now exports them: after `HttpError` left
// plugins/errors.ts for core/httpError.ts, every `import { HttpError, errorBody } from
// '../plugins/errors'` becomes two imports. (docs/decisions/20-house.md)
//
//   node scripts/codemod/moveNames.mjs from.ts to.ts Name1,Name2
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const [fromFile, toFile, namesArg] = process.argv
  .slice(2)
  .map((a, i) => (i < 2 ? path.normalize(a) : a));
const names = new Set(namesArg.split(','));
const files = execFileSync('git', ['ls-files'], { encoding: 'utf8' })
  .split('\n')
  .filter((f) => /\.(ts|tsx)$/.test(f));
const known = new Set([...files, toFile]);

function resolve(file, spec) {
  const base = path.normalize(path.join(path.dirname(file), spec));
  for (const s of ['', '.ts', '.tsx', '/index.ts']) if (known.has(base + s)) return base + s;
  return null;
}

function specifier(file, target) {
  let rel = path.relative(path.dirname(file), target.replace(/\.tsx?$/, ''));
  if (!rel.startsWith('.')) rel = `./${rel}`;
  return rel;
}

const IMPORT = /import\s+(type\s+)?\{([^}]*)\}\s*from\s*(['"])(\.[^'"]+)\3;?/g;
let changed = 0;
for (const file of files) {
  if (file === toFile) continue;
  const text = readFileSync(file, 'utf8');
  const next = text.replace(IMPORT, (whole, typeOnly, list, quote, spec) => {
    if (resolve(file, spec) !== fromFile) return whole;
    const parts = list
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean);
    const name = (p) =>
      p
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)[0]
        .trim();
    const moving = parts.filter((p) => names.has(name(p)));
    if (!moving.length) return whole;
    const staying = parts.filter((p) => !names.has(name(p)));
    const t = typeOnly ?? '';
    const out = [
      `import ${t}{ ${moving.join(', ')} } from ${quote}${specifier(file, toFile)}${quote};`,
    ];
    if (staying.length)
      out.push(`import ${t}{ ${staying.join(', ')} } from ${quote}${spec}${quote};`);
    return out.join('\n');
  });
  if (next !== text) {
    writeFileSync(file, next);
    changed += 1;
  }
}
console.log(`rewrote ${changed} file(s)`);
