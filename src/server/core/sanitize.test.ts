import { describe, expect, it } from 'vitest';
import { isBlankRichText, sanitizeRichText } from './sanitize';

describe('sanitizeRichText', () => {
  it('removes scripts, event handlers and javascript: links', () => {
    expect(sanitizeRichText('<p>Hi<script>alert(1)</script></p>')).toBe('<p>Hi</p>');
    expect(sanitizeRichText('<img src="https://a.org/x.png" onerror="alert(1)">')).toBe(
      '<img src="https://a.org/x.png" />',
    );
    expect(sanitizeRichText('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeRichText('<a href="JaVaScRiPt&colon;alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeRichText('<p onclick="x()" style="color:red">t</p>')).toBe('<p>t</p>');
    expect(sanitizeRichText('<svg><script>alert(1)</script></svg><object data="x"></object>')).toBe(
      '',
    );
    expect(sanitizeRichText('<img src="javascript:alert(1)">')).toBe('');
  });

  it("keeps Quill's markup", () => {
    const quill = [
      '<h2 class="ql-align-center">Title</h2>',
      '<p class="ql-indent-1 ql-direction-rtl"><strong>b</strong> <em>i</em> <u>u</u> <s>s</s> ',
      '<sub>2</sub><sup>3</sup> <span class="ql-size-large ql-font-serif">big</span></p>',
      '<blockquote>quote</blockquote>',
      '<ol><li data-list="bullet">one</li><li data-list="ordered">two</li></ol>',
      '<ul><li>old list</li></ul>',
      '<pre data-language="plain">x &lt; y</pre>',
      '<div class="ql-code-block-container"><div class="ql-code-block" data-language="plain">code</div></div>',
      '<p><a href="https://example.org/a" target="_blank" rel="noopener noreferrer">link</a></p>',
      '<p><img src="https://example.org/a.png" alt="A"></p>',
      '<iframe class="ql-video" frameborder="0" allowfullscreen="true" src="https://www.youtube.com/embed/abc"></iframe>',
      '<iframe class="ql-video" src="https://player.vimeo.com/video/1"></iframe>',
      '<table><tbody><tr><td data-row="row-1">cell</td></tr></tbody></table>',
    ].join('');
    const out = sanitizeRichText(quill);
    for (const piece of [
      '<h2 class="ql-align-center">',
      '<p class="ql-indent-1 ql-direction-rtl">',
      '<strong>b</strong>',
      '<em>i</em>',
      '<u>u</u>',
      '<s>s</s>',
      '<sub>2</sub><sup>3</sup>',
      '<span class="ql-size-large ql-font-serif">big</span>',
      '<blockquote>quote</blockquote>',
      '<li data-list="bullet">one</li>',
      '<ul><li>old list</li></ul>',
      '<pre data-language="plain">x &lt; y</pre>',
      '<div class="ql-code-block" data-language="plain">code</div>',
      '<a href="https://example.org/a" target="_blank" rel="noopener noreferrer">link</a>',
      '<img src="https://example.org/a.png" alt="A" />',
      'src="https://www.youtube.com/embed/abc"',
      'src="https://player.vimeo.com/video/1"',
      '<td data-row="row-1">cell</td>',
    ]) {
      expect(out).toContain(piece);
    }
  });

  it('allows only ql- classes and only colours in span styles', () => {
    expect(sanitizeRichText('<p class="ql-align-right evil">x</p>')).toBe(
      '<p class="ql-align-right">x</p>',
    );
    expect(
      sanitizeRichText(
        '<span style="color: rgb(230, 0, 0); background-color: #ffff00; position: fixed">c</span>',
      ),
    ).toBe('<span style="color:rgb(230, 0, 0);background-color:#ffff00">c</span>');
    expect(sanitizeRichText('<span style="background-color: url(https://x.org/t)">c</span>')).toBe(
      '<span>c</span>',
    );
  });

  it('drops iframes that are not YouTube or Vimeo embeds', () => {
    expect(sanitizeRichText('<iframe src="https://evil.example/x"></iframe>')).toBe('');
    expect(sanitizeRichText('<iframe src="http://www.youtube.com/embed/a"></iframe>')).toBe('');
    expect(sanitizeRichText('<iframe src="javascript:alert(1)"></iframe>')).toBe('');
    expect(sanitizeRichText('<iframe srcdoc="<script>alert(1)</script>"></iframe>')).toBe('');
  });

  it('makes a new-window link safe and drops other targets', () => {
    expect(sanitizeRichText('<a href="/x" target="_blank" rel="opener">x</a>')).toBe(
      '<a href="/x" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeRichText('<a href="/x" target="_top">x</a>')).toBe('<a href="/x">x</a>');
  });

  it('replaces non-breaking spaces with spaces', () => {
    expect(sanitizeRichText('<p>a&nbsp;b&#160;c\u00a0d</p>')).toBe('<p>a b c d</p>');
  });
});

describe('isBlankRichText', () => {
  it('counts empty paragraphs and divs as empty', () => {
    expect(isBlankRichText('')).toBe(true);
    expect(isBlankRichText('<p><br></p>')).toBe(true);
    expect(isBlankRichText('<div>&nbsp;</div><p> </p>')).toBe(true);
    expect(isBlankRichText('<p>x</p>')).toBe(false);
    expect(isBlankRichText('<p><img src="https://a.org/x.png"></p>')).toBe(false);
  });
});
