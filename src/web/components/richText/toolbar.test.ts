import { describe, expect, it } from 'vitest';
import { toolbarFor, toolbarGroups } from './toolbar';

/** Each control of a toolbar config as `format` or `format:value`. */
function controls(groups: unknown[]): string[] {
  return (groups as unknown[][]).flat().map((c) => {
    if (typeof c === 'string') return c;
    const [format, value] = Object.entries(c as Record<string, unknown>)[0]!;
    return Array.isArray(value) ? format : `${format}:${String(value)}`;
  });
}

// Spec 2 §9's toolbar, every control of it.
const SPEC = [
  'bold',
  'italic',
  'underline',
  'strike',
  'blockquote',
  'code-block',
  'header',
  'list:ordered',
  'list:bullet',
  'script:sub',
  'script:super',
  'indent:-1',
  'indent:+1',
  'direction:rtl',
  'size',
  'color',
  'background',
  'font',
  'align',
  'clean',
  'link',
  'video',
  'table',
];

describe('the rich-text toolbar', () => {
  it('keeps every control of spec 2 §9, once, the image button for blog posts only', () => {
    expect(controls(toolbarFor(false)).sort()).toEqual([...SPEC].sort());
    expect(controls(toolbarFor(true)).sort()).toEqual([...SPEC, 'image'].sort());
  });

  it('shows the everyday controls first and the rest behind "More"', () => {
    const { primary, more } = toolbarGroups(true);
    expect(controls(primary)).toEqual(
      expect.arrayContaining(['bold', 'italic', 'link', 'image', 'list:bullet', 'header']),
    );
    expect(controls(more)).toEqual(expect.arrayContaining(['font', 'table', 'script:sub']));
    expect(toolbarFor(true)).toEqual([...primary, ...more]);
  });
});
