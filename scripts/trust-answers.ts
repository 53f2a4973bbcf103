// A Vite build plugin: production builds trust our own server's answers, and zod stays off a
// visitor's first load. The server checks every answer against its zod schema (tests run it that
// way); checking again in the browser cost the home page's first load zod itself (about 25 kB
// gzip) and CPU on every answer. So in a build:
// - each `apiGet(path, schema)`, `apiSend(method, path, body, schema)` and
//   `apiUpload(path, form, schema)` loses its schema argument (src/web/api.ts then returns the
//   answer as it came), and the schema declarations and imports left unused by that go too;
// - the schema modules (src/common/schemas) are marked free of side effects, and each top-level
//   declaration of theirs is wrapped in a pure function call, so a module that takes only a
//   constant or a helper from a schema module does not bring the module's schemas, nor zod, along
//   (only zod's set-up in src/web/zodJitless.ts, a few hundred bytes).
// Forms keep their schemas: they use them outside these calls, in their own lazy chunks.
// `npm run dev` and the tests keep checking every answer.
import type { Plugin } from 'vite';

/** Which argument of each API call is the answer's schema. */
const SCHEMA_ARG: Record<string, number> = { apiGet: 1, apiSend: 3, apiUpload: 2 };
const API_CALL = /\bapi(Get|Send|Upload)\(/;
/** Modules of schema definitions only: importing nothing from them is the same as not importing. */
const SCHEMA_SOURCE = /^zod(\/v4)?$|(^|\/)common\/schemas\/[\w.-]+$/;

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}
type Parse = (code: string) => { body: unknown[] };

const isNode = (v: unknown): v is Node =>
  !!v && typeof v === 'object' && typeof (v as Node).type === 'string';

function walk(node: unknown, visit: (n: Node) => void): void {
  if (Array.isArray(node)) {
    for (const child of node) walk(child, visit);
    return;
  }
  if (!isNode(node)) return;
  visit(node);
  for (const [key, value] of Object.entries(node)) {
    if (key !== 'type' && value && typeof value === 'object') walk(value, visit);
  }
}

/** The identifier a call or member chain starts from (`z` in `z.array(x).min(1)`). */
function rootName(node: unknown): string | null {
  if (!isNode(node)) return null;
  if (node.type === 'Identifier') return node.name as string;
  if (node.type === 'CallExpression') return rootName(node.callee);
  if (node.type === 'MemberExpression') return rootName(node.object);
  return null;
}

const references = (text: string, name: string) =>
  text.match(new RegExp(`(?<![\\w$])${name.replace(/\$/g, '\\$')}(?![\\w$])`, 'g'))?.length ?? 0;

interface Edit {
  start: number;
  end: number;
  text: string;
}

const applyEdits = (code: string, edits: Edit[]) =>
  [...edits]
    .sort((a, b) => b.start - a.start)
    .reduce((out, e) => out.slice(0, e.start) + e.text + out.slice(e.end), code);

/** The module without answer schemas; null when it has no API call to change. */
export function dropAnswerSchemas(code: string, parse: Parse): string | null {
  if (!API_CALL.test(code)) return null;
  const program = parse(code);
  const edits: Edit[] = [];
  walk(program.body, (n) => {
    const callee = n.callee;
    if (n.type !== 'CallExpression' || !isNode(callee) || callee.type !== 'Identifier') return;
    const index = SCHEMA_ARG[callee.name as string];
    const arg = index === undefined ? undefined : (n.arguments as Node[])[index];
    if (arg) edits.push({ start: arg.start, end: arg.end, text: 'void 0' });
  });
  if (edits.length === 0) return null;

  const imports = program.body.filter(
    (s): s is Node =>
      isNode(s) &&
      s.type === 'ImportDeclaration' &&
      SCHEMA_SOURCE.test((s.source as { value: string }).value),
  );
  const roots = new Set<string>();
  for (const decl of imports) {
    for (const spec of decl.specifiers as Node[]) roots.add((spec.local as { name: string }).name);
  }

  // Module-level schemas (`const listSchema = z.array(itemSchema)`) that nothing uses any more.
  const candidates = program.body.filter(
    (s): s is Node =>
      isNode(s) &&
      s.type === 'VariableDeclaration' &&
      (s.declarations as Node[]).length === 1 &&
      (s.declarations as Node[])[0]!.id !== null &&
      ((s.declarations as Node[])[0]!.id as Node).type === 'Identifier' &&
      roots.has(rootName((s.declarations as Node[])[0]!.init) ?? ''),
  );
  const nameOf = (decl: Node) => ((decl.declarations as Node[])[0]!.id as { name: string }).name;
  for (let changed = true; changed;) {
    changed = false;
    const text = applyEdits(code, edits);
    for (const decl of candidates) {
      if (edits.some((e) => e.start === decl.start)) continue;
      const name = nameOf(decl);
      const inside = edits.filter((e) => e.start >= decl.start && e.end <= decl.end);
      const own = applyEdits(
        code.slice(decl.start, decl.end),
        inside.map((e) => ({ ...e, start: e.start - decl.start, end: e.end - decl.start })),
      );
      if (references(text, name) > references(own, name)) continue;
      edits.push({ start: decl.start, end: decl.end, text: '' });
      changed = true;
      break;
    }
  }

  // Then the imports of schemas and zod that nothing uses any more.
  const rest = applyEdits(
    code,
    edits.concat(imports.map((d) => ({ start: d.start, end: d.end, text: '' }))),
  );
  for (const decl of imports) {
    const specs = decl.specifiers as Node[];
    const kept = specs.filter((s) => references(rest, (s.local as { name: string }).name) > 0);
    if (kept.length === specs.length) continue;
    edits.push({ start: decl.start, end: decl.end, text: importText(decl, kept, code) });
  }
  return applyEdits(code, edits);
}

function importText(decl: Node, kept: Node[], code: string): string {
  if (kept.length === 0) return '';
  const source = code.slice((decl.source as Node).start, (decl.source as Node).end);
  const text = (s: Node) => code.slice(s.start, s.end);
  const named = kept.filter((s) => s.type === 'ImportSpecifier').map(text);
  const first = kept.filter((s) => s.type !== 'ImportSpecifier').map(text);
  if (named.length > 0) first.push(`{ ${named.join(', ')} }`);
  return `import ${first.join(', ')} from ${source};`;
}

/**
 * The schema module with each top-level value computed inside a pure function call, so that the
 * bundler drops the ones nothing uses (it cannot know that `z.object(...)` has no side effects).
 */
export function pureDeclarations(code: string, parse: Parse): string {
  const edits: Edit[] = [];
  for (const statement of parse(code).body) {
    if (!isNode(statement)) continue;
    const decl = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
    if (!isNode(decl) || decl.type !== 'VariableDeclaration') continue;
    for (const d of decl.declarations as Node[]) {
      const init = d.init;
      if (!isNode(init) || /^(Literal|Identifier|(Arrow)?Function(Expression)?)$/.test(init.type))
        continue;
      edits.push({ start: init.start, end: init.start, text: '/* @__PURE__ */ (() => (' });
      edits.push({ start: init.end, end: init.end, text: '))()' });
    }
  }
  return applyEdits(code, edits);
}

const SCHEMA_MODULE = /\/src\/common\/schemas\/[\w.-]+\.ts$/;
const WEB_MODULE = /\/src\/web\/.*\.[jt]sx?$/;

export function trustAnswers(): Plugin {
  return {
    name: 'trust-answers',
    apply: 'build',
    transform(code, id) {
      if (id.includes('/node_modules/')) return null;
      const parse = (c: string) => this.parse(c);
      if (SCHEMA_MODULE.test(id)) {
        return { code: pureDeclarations(code, parse), map: null, moduleSideEffects: false };
      }
      if (!WEB_MODULE.test(id)) return null;
      const out = dropAnswerSchemas(code, parse);
      return out === null ? null : { code: out, map: null };
    },
  };
}
