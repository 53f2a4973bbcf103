import { describe, expect, it } from 'vitest';
import { formFieldOf, linksFormSchema, NEEDS_TITLE, rowsOf } from './linksForm';

describe('the Links form', () => {
  it('always ends with a blank row', () => {
    expect(rowsOf([]).links).toEqual([{ title: '', url: '' }]);
    const saved = [{ id: 1, chapterId: 2, title: 'Site', url: 'https://a.example', position: 0 }];
    expect(rowsOf(saved).links).toEqual([
      { title: 'Site', url: 'https://a.example' },
      { title: '', url: '' },
    ]);
  });

  it('lets blank rows and blank URLs through, and stops a URL without a title', () => {
    expect(
      linksFormSchema.safeParse({
        links: [
          { title: '', url: '' },
          { title: 'Gone', url: '' },
        ],
      }).success,
    ).toBe(true);
    const result = linksFormSchema.safeParse({ links: [{ title: '', url: 'https://a.example' }] });
    expect(result.error?.issues).toMatchObject([
      { path: ['links', 0, 'title'], message: NEEDS_TITLE },
    ]);
  });

  it('refuses what is not a web or mail address', () => {
    const result = linksFormSchema.safeParse({
      links: [{ title: 'x', url: 'javascript:alert(1)' }],
    });
    expect(result.error?.issues[0]?.path).toEqual(['links', 0, 'url']);
  });

  it("finds the row of a server's field error", () => {
    expect(formFieldOf('body.links.3.url')).toBe('links.3.url');
    expect(formFieldOf('body.links.0.title')).toBe('links.0.title');
    expect(formFieldOf('body.links')).toBeNull();
    expect(formFieldOf('params.chapterId')).toBeNull();
  });
});
