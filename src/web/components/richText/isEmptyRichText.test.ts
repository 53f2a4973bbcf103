import { describe, expect, it } from 'vitest';
import { isEmptyRichText } from './isEmptyRichText';

describe('empty rich text (spec 1 §5)', () => {
  it('counts an empty paragraph or div as empty', () => {
    for (const html of [
      '',
      '<p></p>',
      '<p><br></p>',
      '<div></div>',
      ' <p>&nbsp;</p> ',
      '<p class="ql-align-center"><br/></p>',
    ]) {
      expect(isEmptyRichText(html), html).toBe(true);
    }
  });
  it('keeps anything with words or media', () => {
    for (const html of [
      '<p>Hi</p>',
      '<div>x</div>',
      '<p><img src="/a.jpg"></p>',
      '<ul><li></li></ul>',
    ]) {
      expect(isEmptyRichText(html), html).toBe(false);
    }
  });
});
