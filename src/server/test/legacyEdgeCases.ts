// The stand-in's entities that the importer cannot map, one for every reason it skips, and an
// account that exists here first (merged on import). Added by legacyData({ edgeCases: true }).
import {
  day,
  MERGED_EMAIL,
  TAKEN_SLUG,
  type LChapter,
  type LegacyData,
  type LEvent,
} from './legacyData';

/** One entity for each reason the importer skips, and the merge of an existing account. */
export function addEdgeCases(data: LegacyData): void {
  const base = data.chapters[0]!;
  const next = data.chapters.length + 1;
  const chapter = (id: number, fields: Partial<LChapter>): LChapter => ({
    ...base,
    id,
    slug: `edge-${id}`,
    emailAlias: `edge${id}`,
    sendInBlueListId: null,
    brontoListId: null,
    events: [],
    posts: [],
    press: [],
    notes: [],
    permissions: [],
    links: [],
    ...fields,
  });
  data.chapters.push(
    chapter(next, { title: 'Unknown type', chapterTypeId: 9 }),
    chapter(next + 1, { title: 'Unknown state', state: 'XX' }),
    chapter(next + 2, { title: 'Taken slug', slug: TAKEN_SLUG }),
    chapter(next + 3, { title: 'Bad list id', sendInBlueListId: 'list-7' }),
    chapter(next + 4, { title: 'Alias taken', emailAlias: base.emailAlias }),
    chapter(next + 5, { title: 'Reserved slug', slug: 'all' }),
  );
  const event = base.events[0] ?? ({} as LEvent);
  base.events.push(
    { ...event, slug: 'edge-malformed-date', isSingleDate: true, singleDate: '2025-13-45' },
    { ...event, slug: 'edge-no-schedule', weeksOfMonthIndexes: '' },
  );
  base.posts.push({
    title: 'Edge post',
    body: '',
    slug: 'edge-post-date',
    createdAt: 'yesterday',
    userId: 1,
  });
  const badUser = data.users.length + 1;
  data.users.push(
    { id: badUser, name: 'No Email', email: 'not an email', createdAt: day(1), isAdmin: false },
    {
      id: badUser + 1,
      name: 'Merged Member',
      email: MERGED_EMAIL.toLowerCase(),
      createdAt: day(1),
      isAdmin: false,
    },
  );
  base.permissions.push({ id: 900_001, userId: badUser, roleId: 3, createdAt: day(1) });
  data.applications.push({ ...data.applications[0]!, slug: 'app-of-nobody', userId: badUser });
  data.activity.push({
    type: 'user_note',
    title: 'Gone',
    note: 'No such note',
    userId: 1,
    createdAt: day(3),
    adminOnly: true,
    objectId: 4242,
  });
}
