// A chapter's setup checklist (issue 35, item 6): which of the steps to going live
// (common/chapterSetup.ts) are done, read from the chapter as its hosts read it, so the
// checklist and the chapter's own screens cannot disagree. The one computation: the host's
// dashboard, the admin's Make active and its refusal all read it.
import { CHAPTER_STATUS } from '../../../common/constants';
import { hostPartDone, type SetupDone } from '../../../common/chapterSetup';
import type { Chapter } from '../../../common/schemas/chapters';
import type { ChapterSetup } from '../../../common/schemas/chapterSetup';
import type { CountedListField } from '../mailing';

/** Text a reader would see in rich text: tags, entities of white space and blanks left out. */
function hasText(html: string): boolean {
  return (
    html
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;|&#160;/g, ' ')
      .trim().length > 0
  );
}

/**
 * The checklist of `chapter`. The mailing list is done at its first member (docs/decisions/
 * 22-chapter-figures.md's count): the list itself is made by the first sign-up or the Members
 * screen (docs/decisions/07-chapter-email.md), and a list of no one reaches no one. When Brevo
 * keeps the lists (`counted` null) the site cannot count them, and a list id is taken as done.
 */
export function chapterSetupOf(chapter: Chapter, counted: CountedListField | null): ChapterSetup {
  const mailingList =
    counted === null
      ? Boolean(chapter.brontoListId?.trim() || chapter.sendInBlueListId?.trim())
      : (chapter.memberCount ?? 0) > 0;
  const done: SetupDone = {
    about: hasText(chapter.about),
    headerImage: Boolean(chapter.headerImageUrl),
    firstEvent: chapter.chapter_events.length > 0,
    mailingList,
    emailAlias: chapter.emailAlias.trim() !== '',
    active: chapter.status === CHAPTER_STATUS.active,
  };
  return { chapterId: chapter.id, done, hostPartDone: hostPartDone(done) };
}
