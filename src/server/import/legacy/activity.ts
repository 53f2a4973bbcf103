// The admin dashboard's activity feed, where it maps: an item about a note or a press mention
// that came over points at it here; one whose object did not come over is skipped. The
// original's notes carry no id, so a note item is matched by its time and text.
import { z } from 'zod';
import { eq } from 'drizzle-orm';
import { activityFeedItems, chapterNotes, pressMentions } from '../../db/schema';
import {
  contentHash,
  eachParsed,
  importEntity,
  parseDate,
  SkipError,
  upsertRow,
  type ImportContext,
} from './context';
import { legacyActivitySchema, type LegacyActivity } from './schemas';
import { localUser } from './users';
import { USER_NOTE_KIND } from './userNotes';

const KIND = 'activity';

export async function importActivity(ctx: ImportContext): Promise<void> {
  ctx.reporter.phase([KIND]);
  const items = await ctx.client.get('/api/activity_feed_item/all', z.array(z.unknown()));
  // Notes known by '{owner}:{createdAt}:{hash}': found here by their last two parts.
  const notesBySuffix = new Map<string, number>();
  for (const kind of ['chapter_note', USER_NOTE_KIND]) {
    for (const [key, { localId }] of ctx.known.get(kind) ?? []) {
      notesBySuffix.set(`${kind}:${key.slice(key.indexOf(':') + 1)}`, localId);
    }
  }
  await eachParsed(
    ctx,
    KIND,
    items,
    legacyActivitySchema,
    (_, i) => `#${i}`,
    (item) => {
      const key = `${item.type}:${item.objectId ?? ''}:${item.createdAt}`;
      return importEntity(ctx, KIND, key, item, async (tx, known) => {
        const object = await localObject(ctx, tx, item, notesBySuffix);
        return upsertRow(tx, activityFeedItems, known, {
          type: item.type,
          title: item.title,
          note: item.note,
          userId: localUser(ctx, item.user),
          chapterId: object.chapterId,
          objectId: object.id,
          adminOnly: item.adminOnly,
          createdAt: parseDate(item.createdAt, 'createdAt'),
        });
      });
    },
  );
}

async function localObject(
  ctx: ImportContext,
  tx: ImportContext['db'],
  item: LegacyActivity,
  notesBySuffix: Map<string, number>,
): Promise<{ id: number; chapterId: number | null }> {
  const byId = item.objectId == null ? null : ctx.known.get(item.type)?.get(String(item.objectId));
  const suffix = `${item.type}:${item.createdAt}:${contentHash(item.note).slice(0, 12)}`;
  const id = byId?.localId ?? notesBySuffix.get(suffix) ?? null;
  if (item.type === 'chapter_note' && id !== null) {
    const [note] = await tx
      .select({ chapterId: chapterNotes.chapterId })
      .from(chapterNotes)
      .where(eq(chapterNotes.id, id));
    if (note) return { id, chapterId: note.chapterId };
  }
  if (item.type === 'user_note' && id !== null) return { id, chapterId: null };
  if (item.type === 'press_mention') {
    // A press item's title is the mention's title; its slug is not in the item.
    const [press] = await tx
      .select({ id: pressMentions.id, chapterId: pressMentions.chapterId })
      .from(pressMentions)
      .where(id === null ? eq(pressMentions.title, item.title) : eq(pressMentions.id, id))
      .limit(1);
    if (press) return press;
  }
  throw new SkipError(`what it is about (${item.type} ${item.objectId ?? '?'}) did not come over`);
}
