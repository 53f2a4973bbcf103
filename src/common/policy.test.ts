import { describe, expect, it } from 'vitest';
import {
  canSeeChapter,
  canSeeContent,
  hasFieldOrganizerAccess,
  hasHostAccess,
  isAdmin,
  readerView,
  summarizeRoles,
} from './policy';
import type { Permission } from './schemas/auth';

const CHAPTER = 7;
const person = (permissions: Permission[]) => ({ ...summarizeRoles(permissions) });

const people = {
  admin: person([{ roleId: 1, chapterId: null }]),
  fieldOrganizer: person([{ roleId: 2, chapterId: CHAPTER }]),
  host: person([{ roleId: 3, chapterId: CHAPTER }]),
  hostElsewhere: person([{ roleId: 3, chapterId: 8 }]),
  noRole: person([]),
  visitor: null,
};

// [isAdmin, field-organizer access, host access, sees hidden chapter, sees non-public page]
const expected: Record<keyof typeof people, [boolean, boolean, boolean, boolean, boolean]> = {
  admin: [true, true, true, true, true],
  fieldOrganizer: [false, true, true, true, false],
  host: [false, false, true, true, false],
  hostElsewhere: [false, false, false, false, false],
  noRole: [false, false, false, false, false],
  visitor: [false, false, false, false, false],
};

describe('policy (spec 1 §6, spec 2 §6)', () => {
  for (const [who, want] of Object.entries(expected)) {
    it(`${who}`, () => {
      const user = people[who as keyof typeof people];
      expect([
        isAdmin(user),
        hasFieldOrganizerAccess(user, CHAPTER),
        hasHostAccess(user, CHAPTER),
        canSeeChapter(user, { id: CHAPTER, status: 0 }),
        canSeeContent(user, { isPublic: false }),
      ]).toEqual(want);
      // Everyone sees an active chapter and public content.
      expect(canSeeChapter(user, { id: CHAPTER, status: 1 })).toBe(true);
      expect(canSeeContent(user, { isPublic: true })).toBe(true);
    });
  }

  it('derives the user flags from permissions', () => {
    expect(
      summarizeRoles([
        { roleId: 3, chapterId: 4 },
        { roleId: 2, chapterId: 9 },
        { roleId: 3, chapterId: 4 },
      ]),
    ).toEqual({
      isAdmin: false,
      isFieldOrganizer: true,
      isChapterHost: true,
      hasChapters: true,
      chapterHostChapterIds: [4],
      fieldOrganizerChapterIds: [9],
    });
    expect(summarizeRoles([{ roleId: 1, chapterId: null }]).hasChapters).toBe(false);
  });

  it("tells apart only readers whose answers differ: a visitor's view, an admin's, a host's", () => {
    expect(readerView(people.visitor)).toBeNull();
    expect(readerView(people.noRole)).toBeNull();
    expect(readerView(people.admin)).toBe('admin');
    // A host and a field organizer of the same chapter read the same answers.
    expect(readerView(people.host)).toBe(readerView(people.fieldOrganizer));
    expect(readerView(people.host)).not.toBe(readerView(people.hostElsewhere));
    expect(
      readerView(
        person([
          { roleId: 3, chapterId: 9 },
          { roleId: 2, chapterId: 4 },
        ]),
      ),
    ).toBe(
      readerView(
        person([
          { roleId: 2, chapterId: 9 },
          { roleId: 3, chapterId: 4 },
        ]),
      ),
    );
  });
});
