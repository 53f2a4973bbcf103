import { describe, expect, it } from 'vitest';
import { safeJson } from './jsonInHtml';

describe('safeJson', () => {
  it('writes no `<`, so a value cannot close the script element it is in', () => {
    const value = { title: '</script><script>alert(1)</script><!--' };
    const written = safeJson(value);
    expect(written).not.toContain('<');
    expect(JSON.parse(written)).toEqual(value);
  });
});
