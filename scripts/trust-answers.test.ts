import { parseAst } from 'vite';
import { describe, expect, it } from 'vitest';
import { dropAnswerSchemas, pureDeclarations } from './trust-answers';

const parse = (code: string) => parseAst(code);

describe('production builds trust our own answers', () => {
  it('drops the schema of each API call, and the schemas and imports nothing else uses', () => {
    const code = [
      `import { z } from 'zod';`,
      `import { itemSchema, LIMIT } from '../../../common/schemas/items';`,
      `import { apiGet, apiSend } from '../../api';`,
      `const listSchema = z.array(itemSchema).max(LIMIT);`,
      `export const load = () => apiGet('/api/items', listSchema);`,
      `export const save = (b) => apiSend('POST', '/api/items', b, itemSchema);`,
      `export const limit = LIMIT;`,
    ].join('\n');
    const out = dropAnswerSchemas(code, parse) ?? '';
    expect(out).toContain(`apiGet('/api/items', void 0)`);
    expect(out).toContain(`apiSend('POST', '/api/items', b, void 0)`);
    expect(out).not.toContain('listSchema');
    expect(out).not.toMatch(/from 'zod'/);
    // The constant is still used, so its import stays, alone.
    expect(out).toContain(`import { LIMIT } from '../../../common/schemas/items';`);
  });

  it('keeps a schema that a form still uses', () => {
    const code = [
      `import { z } from 'zod';`,
      `import { apiGet } from '../../api';`,
      `const formSchema = z.object({ email: z.string() });`,
      `export const resolver = () => formSchema;`,
      `export const load = () => apiGet('/api/me', formSchema);`,
    ].join('\n');
    const out = dropAnswerSchemas(code, parse) ?? '';
    expect(out).toContain(`apiGet('/api/me', void 0)`);
    expect(out).toContain(`const formSchema = z.object`);
    expect(out).toContain(`import { z } from 'zod';`);
  });

  it('leaves a module without API calls alone', () => {
    expect(dropAnswerSchemas(`export const a = 1;`, parse)).toBeNull();
  });

  it('makes each value of a schema module a pure call the bundler may drop', () => {
    const code = [
      `import { z } from 'zod';`,
      `export const DIGITS = 'abc';`,
      `export const aSchema = z.object({ a: z.string() }).extend({ b: z.number() });`,
      `const helper = (x) => x;`,
    ].join('\n');
    const out = pureDeclarations(code, parse);
    expect(out).toContain(
      `export const aSchema = /* @__PURE__ */ (() => (z.object({ a: z.string() }).extend({ b: z.number() })))();`,
    );
    expect(out).toContain(`export const DIGITS = 'abc';`);
    expect(out).toContain(`const helper = (x) => x;`);
    // Still a module that runs: the same values come out.
    expect(() => parse(out)).not.toThrow();
  });
});
