import { describe, expect, it } from 'vitest';
import { nestHeadings } from './headingLevels';

describe('nestHeadings', () => {
  it("puts an author's h3 under the screen's h1 as an h2", () => {
    expect(nestHeadings('<p>Hi</p><h3>What a chapter does</h3><p>Meets</p>')).toBe(
      '<p>Hi</p><h2>What a chapter does</h2><p>Meets</p>',
    );
  });

  it('never skips a level going down, and keeps sections apart going up', () => {
    const html =
      '<h1 class="ql-align-center">A</h1><h3>B</h3><h3>C</h3><h1>D</h1><h2>E</h2><h3>F</h3>';
    expect(nestHeadings(html)).toBe(
      '<h2 class="ql-align-center">A</h2><h3>B</h3><h3>C</h3><h2>D</h2><h3>E</h3><h4>F</h4>',
    );
  });

  it('leaves text without headings, and text that mentions a tag, alone', () => {
    expect(nestHeadings('<p>&lt;h3&gt; and h2</p>')).toBe('<p>&lt;h3&gt; and h2</p>');
    expect(nestHeadings('<hr><header>x</header>')).toBe('<hr><header>x</header>');
  });
});
