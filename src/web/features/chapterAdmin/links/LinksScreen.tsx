import { useQuery } from '@tanstack/react-query';
import { chapterLinkListSchema } from '../../../answerSchemas';
import { apiGet } from '../../../api';
import { QueryState } from '../../../components/QueryState';
import { useAdminChapter } from '../useAdminChapter';
import { LinksEditor } from './LinksEditor';
import { chapterLinksKey } from './linksQuery';

/** Spec 2 §2 Links. */
export function LinksScreen() {
  const { chapter } = useAdminChapter();
  const query = useQuery({
    queryKey: chapterLinksKey(chapter.id),
    queryFn: () =>
      apiGet(
        `/api/chapter_link/chapter/${chapter.id}`,
        !import.meta.env?.PROD && chapterLinkListSchema,
      ),
  });
  return (
    <section aria-labelledby="links-title">
      <h1 id="links-title" className="h2">
        Links
      </h1>
      <p>
        Links show on the chapter page, in this order: the chapter&apos;s social media, the
        venue&apos;s website, a sign-up sheet...
      </p>
      <QueryState query={query} what="links">
        {(links) => <LinksEditor links={links} />}
      </QueryState>
    </section>
  );
}
