import { useQuery } from '@tanstack/react-query';
import { chapterLinkListSchema } from '../../answerSchemas';
import { apiGet } from '../../api';

/** The chapter's links; nothing at all when it has none. */
export function ChapterLinks({ chapterId }: { chapterId: number }) {
  const { data } = useQuery({
    queryKey: ['chapter-links', chapterId],
    queryFn: () =>
      apiGet(
        `/api/chapter_link/chapter/${chapterId}`,
        !import.meta.env?.PROD && chapterLinkListSchema,
      ),
  });
  if (!data?.length) return null;
  return (
    <section aria-labelledby="links-title" className="mb-4">
      <h2 id="links-title" className="h5">
        Links
      </h2>
      <ul>
        {data.map((link) => (
          <li key={link.id}>
            <a href={link.url} target="_blank" rel="noopener noreferrer">
              {link.title}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
