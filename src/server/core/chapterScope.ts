// Which active chapters a list of many holds (a state's, a chapter type's, both, or the
// network's) and what it is called: the calendar feeds of many chapters and the embeds (widget
// list, frames, map) select and name them alike.
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import { chapters } from '../db/schema';
import {
  CHAPTER_STATUS,
  CHAPTER_TYPE_SUFFIX,
  CHAPTER_TYPES,
  SITE_NAME,
} from '../../common/constants';
import { stateName } from '../../common/states';

/** The `state` values a state of the list stands for: International also takes empty ones. */
export function storedStates(state: string): string[] {
  return state === 'INT' ? ['INT', ''] : [state];
}

export interface ChaptersScope {
  /** An upper-case abbreviation from the list of states (common/states.ts); null: every state. */
  state: string | null;
  /** A chapter type's id; null: every type. */
  typeId: number | null;
}

/** "Drinking Liberally in New York", "Living Liberally: every chapter". */
export function scopeTitle({ state, typeId }: ChaptersScope): string {
  const type = CHAPTER_TYPES.find((t) => t.id === typeId);
  const who = type ? `${type.name} ${CHAPTER_TYPE_SUFFIX}` : SITE_NAME;
  if (state === null) return `${who}: every chapter`;
  return `${who} in ${stateName(state) ?? state}`;
}

/** The active chapters of the scope, as a condition on `chapters`. */
export function scopeWhere({ state, typeId }: ChaptersScope): SQL | undefined {
  return and(
    eq(chapters.status, CHAPTER_STATUS.active),
    state === null ? undefined : inArray(chapters.state, storedStates(state)),
    typeId === null ? undefined : eq(chapters.chapterTypeId, typeId),
  );
}
