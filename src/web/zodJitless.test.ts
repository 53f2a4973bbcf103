import { describe, expect, it } from 'vitest';
import { z } from './zodJitless';

describe('zod in the browser build', () => {
  it('never tries eval: zod sees jitless set by zodJitless.ts', () => {
    expect(z.config().jitless).toBe(true);
  });

  it('still parses objects', () => {
    const schema = z.object({ a: z.number() });
    expect(schema.parse({ a: 1, b: 2 })).toEqual({ a: 1 });
    expect(schema.safeParse({ a: 'x' }).success).toBe(false);
  });
});
