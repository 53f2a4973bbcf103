import { chapterCalendarPath, chapterFeedPath } from '../../../../common/embedPaths';
import { EmbedCodeBuilder } from '../../../components/embed/EmbedCodeBuilder';
import { useAdminChapter } from '../useAdminChapter';

/**
 * "Embed on your site" for a chapter (issue 36): its next meetings on the host's own site, a
 * partner's or a newsletter, and the links readers and calendar apps follow.
 */
export function EmbedScreen() {
  const { chapter } = useAdminChapter();
  const origin = window.location.origin;
  const hidden = chapter.status !== 1;
  return (
    <section aria-labelledby="embed-title">
      <h1 id="embed-title" className="h2">
        Embed on your site
      </h1>
      <p>
        Show {chapter.displayTitle}’s next meetings on your own website, a partner’s page or a blog.
        The list keeps itself up to date: skipped dates drop out and moved ones show their new day.
      </p>
      {hidden && (
        <div className="alert alert-warning" role="note">
          This chapter is hidden, so the list shows “No upcoming meetings” until an admin makes it
          active.
        </div>
      )}
      <EmbedCodeBuilder scope={{ chapter: chapter.slug }} />
      <h2 className="h5 mt-4">Links to share</h2>
      {/* A whole URL is one word: it wraps where it must rather than widen a phone's page. */}
      <ul className="text-break">
        <li>
          Posts as a feed (for feed readers):{' '}
          <a href={chapterFeedPath(chapter.slug)}>{origin + chapterFeedPath(chapter.slug)}</a>
        </li>
        <li>
          Meetings as a calendar subscription:{' '}
          <a href={chapterCalendarPath(chapter.slug)}>
            {origin + chapterCalendarPath(chapter.slug)}
          </a>
        </li>
      </ul>
    </section>
  );
}
