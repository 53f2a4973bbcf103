// A production build trusts our own server's answers (api.ts): each API call passes its answer's
// schema as `!import.meta.env?.PROD && schema`, which the build writes as `false`, and takes the
// schema from answerSchemas.ts, which the build then leaves out. Neither the schemas nor zod
// reach a visitor's first load. One call written otherwise would quietly bring zod back onto every
// page, or split the first load into more pieces: these tests find it, in the sources and in a
// build of the app.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { build, type Rolldown } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const web = path.join(root, 'src/web');

/** Which argument of each API call is its answer's schema. */
const SCHEMA_ARG: Record<string, number> = { apiGet: 1, apiSend: 3, apiUpload: 2 };
const GATE = '!import.meta.env?.PROD';
const ANSWERS_MODULE = /\/answerSchemas$/;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const file = path.join(dir, e.name);
    if (e.isDirectory()) return sources(file);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [file] : [];
  });
}

/**
 * What a source file does against the rules: an API call whose schema is not behind the
 * production flag, a schema behind it taken from anywhere but answerSchemas.ts (zod's `z`
 * included: the import would stay in the build), or a schema of answerSchemas.ts used anywhere
 * else (which would make that module part of the build).
 */
function brokenRules(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const importedFrom = new Map<string, string>();
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || statement.importClause?.isTypeOnly) continue;
    const named = statement.importClause?.namedBindings;
    if (!named || !ts.isNamedImports(named)) continue;
    for (const element of named.elements) {
      if (!element.isTypeOnly)
        importedFrom.set(element.name.text, (statement.moduleSpecifier as ts.StringLiteral).text);
    }
  }
  const found: string[] = [];
  const where = (node: ts.Node) =>
    `${path.relative(root, file)}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`;
  const isGate = (node: ts.Node) =>
    ts.isBinaryExpression(node) &&
    node.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken &&
    node.left.getText(source) === GATE;
  const visit = (node: ts.Node, gated: boolean) => {
    if (ts.isImportDeclaration(node)) return;
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression)) {
      const index = SCHEMA_ARG[node.expression.text];
      const arg = index === undefined ? undefined : node.arguments[index];
      if (index !== undefined && !(arg && isGate(arg)))
        found.push(`${where(node)} ${node.expression.text}: schema not behind ${GATE}`);
    }
    const inside = gated || isGate(node);
    if (ts.isIdentifier(node) && importedFrom.has(node.text)) {
      const from = importedFrom.get(node.text)!;
      if (inside && !ANSWERS_MODULE.test(from))
        found.push(`${where(node)} ${node.text}: an answer's schema from ${from}`);
      if (!inside && ANSWERS_MODULE.test(from))
        found.push(`${where(node)} ${node.text}: answerSchemas.ts used outside an API call`);
    }
    ts.forEachChild(node, (child) => visit(child, inside));
  };
  visit(source, false);
  return found;
}

/** zod's own code (its issue codes), not just the few bytes of zodJitless.ts's set-up. */
const hasZod = (code: string) => code.includes('invalid_type');

const outDir = mkdtempSync(path.join(tmpdir(), 'chapters-answers-'));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

describe("a production build trusts our own server's answers", () => {
  it("every API call passes its answer's schema behind the production flag, from answerSchemas.ts", () => {
    const files = sources(web).filter((f) => !f.endsWith(`${path.sep}api.ts`));
    expect(files.flatMap(brokenRules)).toEqual([]);
  });

  it('the built app has no module of answer schemas in any chunk, and no zod on its first load', async () => {
    // Built as `npm run build` builds: Vite's production flag follows NODE_ENV, which Vitest sets
    // to 'test'.
    const nodeEnv = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    const output = (await build({
      configFile: path.join(root, 'vite.config.ts'),
      logLevel: 'silent',
      build: { outDir, emptyOutDir: false, write: false },
    }).finally(() => {
      if (nodeEnv === undefined) delete process.env.NODE_ENV;
      else process.env.NODE_ENV = nodeEnv;
    })) as Rolldown.RolldownOutput;
    const chunks = new Map(
      output.output.flatMap((o) => (o.type === 'chunk' ? [[o.fileName, o] as const] : [])),
    );
    // The entry and what it imports statically; import() is loaded later, by the screens.
    const first = new Set<string>();
    const visit = (name: string) => {
      if (first.has(name) || !chunks.has(name)) return;
      first.add(name);
      chunks.get(name)!.imports.forEach(visit);
    };
    for (const chunk of chunks.values()) if (chunk.isEntry) visit(chunk.fileName);

    expect(first.size).toBeGreaterThan(1);
    const firstModules = [...first].flatMap((name) => chunks.get(name)!.moduleIds);
    expect(firstModules.filter((id) => /\/src\/common\/schemas\//.test(id))).toEqual([]);
    const everyModule = [...chunks.values()].flatMap((chunk) => chunk.moduleIds);
    expect(everyModule.filter((id) => id.endsWith('/src/web/answerSchemas.ts'))).toEqual([]);
    // No chunk, lazy ones included, holds a module of answer schemas: zod's calls are not free of
    // side effects to the bundler, so a form taking one schema from such a module would carry
    // all its answers. Forms take theirs from modules that hold none (authForms.ts...).
    const answerModules = new Set(
      [...readFileSync(path.join(web, 'answerSchemas.ts'), 'utf8').matchAll(/from '([^']+)'/g)]
        .map((m) => m[1]!)
        .filter((from) => from.startsWith('../common/schemas/'))
        .map((from) => path.join(web, `${from}.ts`)),
    );
    expect(answerModules.size).toBeGreaterThan(10);
    expect(everyModule.filter((id) => answerModules.has(id))).toEqual([]);
    expect([...first].filter((name) => hasZod(chunks.get(name)!.code))).toEqual([]);
    // The forms still validate with zod, in the chunks of their screens.
    expect([...chunks.values()].some((chunk) => hasZod(chunk.code))).toBe(true);
    // The home map's answer is read on the first load, never checked: its schema's pattern for
    // the base-64 columns (schemas/chapterMap.ts) is not there.
    const firstCode = [...first].map((name) => chunks.get(name)!.code).join('\n');
    expect(firstCode).not.toContain('[A-Za-z0-9_-]*$');
  }, 180_000);
});
