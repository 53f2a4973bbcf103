// What an admin should know before making a chapter from an application (issue 35): the steps
// not done yet, and chapters of that type already in that city (a hidden one is easy to forget).
import { HOST_APPLICATION_TYPE_ID } from '../../../../common/constants';
import type { HostApplication } from '../../../../common/schemas/applications';
import type { ChapterSummary } from '../../../../common/schemas/chapters';

const STEPS = [
  { name: 'didHavePhoneCall', words: 'the phone call' },
  { name: 'didSignAgreement', words: 'the signed agreement' },
  { name: 'didGiveAdditionalInfo', words: 'the additional information' },
] as const;

/** The steps of Progress still reading "No", in words. */
export function stepsNotDone(a: HostApplication): string[] {
  return STEPS.filter((s) => !a[s.name]).map((s) => s.words);
}

const same = (x: string, y: string) => x.trim().toLowerCase() === y.trim().toLowerCase();

/** The network's chapters of the application's type in its city and state, hidden ones too. */
export function chaptersAlreadyThere(
  a: HostApplication,
  chapters: readonly ChapterSummary[],
): ChapterSummary[] {
  const typeId = HOST_APPLICATION_TYPE_ID[a.type];
  return chapters.filter(
    (c) => c.chapterTypeId === typeId && same(c.city, a.city) && same(c.state, a.state),
  );
}

/** "the phone call, the signed agreement and the additional information" */
export function listInWords(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)!}`;
}
