// When a chapter's event can first have been held (issue 35 item 5, docs/decisions/22): not
// before the chapter was made, nor before the event was put on the site. A series entered today
// did not meet last month, so no past meeting of it (the dashboard's last six, the health
// table's last event) is dated before this; the one rule both read.

/** The instant, in milliseconds since 1970, from which the event's dates count as held. */
export function heldSince(
  chapterCreatedAt: Date | number,
  eventCreatedAt: Date | undefined,
): number {
  const chapterMs =
    typeof chapterCreatedAt === 'number' ? chapterCreatedAt : chapterCreatedAt.getTime();
  return Math.max(chapterMs, eventCreatedAt?.getTime() ?? chapterMs);
}
