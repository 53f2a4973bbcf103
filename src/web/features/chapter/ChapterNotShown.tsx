import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { CHAPTER_NOT_ACTIVE } from '../../../common/constants';
import { stateName } from '../../../common/states';
import { stateChapterListSchema } from '../../answerSchemas';
import { apiGet } from '../../api';
import { useReaderKey } from '../../hooks/useReaderKey';

/**
 * A chapter address with no chapter to show: a mistyped one, or a hidden chapter, which says only
 * that it is not active (spec 1 §2). Either way, the way to the real ones: the state's page when
 * it lists some, else the search (issue 35: a hidden chapter, the only one of its state, sent
 * visitors to a state page that said it had no chapters). The list is the state page's own
 * query, so following the link shows it at once.
 */
export function ChapterNotShown({ state, inactive }: { state: string; inactive: boolean }) {
  const name = stateName(state.toUpperCase());
  const readerKey = useReaderKey();
  const chapters = useQuery({
    queryKey: readerKey(['chapters', 'state', state.toLowerCase()]),
    enabled: !!name,
    queryFn: () =>
      apiGet(
        `/api/chapters/state/${state.toLowerCase()}`,
        !import.meta.env?.PROD && stateChapterListSchema,
      ),
  });
  // The way on shows once the list has come (it is kept for visitors, so that is soon); when it
  // cannot come, the search, which never leads to an empty page.
  const settled = name === null || !chapters.isPending;
  const toState = name !== null && (chapters.data?.length ?? 0) > 0;
  return (
    <section className="py-4" aria-labelledby="chapter-missing-title">
      {/* The heading the server put in the page's frame (seo/meta.ts), so nothing changes. */}
      <h1 id="chapter-missing-title" className="mb-3">
        {inactive ? CHAPTER_NOT_ACTIVE : 'Chapter not found'}
      </h1>
      {!inactive && (
        <p className="lead">There is no chapter at this address. It may have moved or closed.</p>
      )}
      {settled && (
        <Link to={toState ? `/chapters/${state.toLowerCase()}` : '/'} className="btn btn-primary">
          {toState ? `See the chapters in ${name}` : 'Find a chapter near you'}
        </Link>
      )}
    </section>
  );
}
