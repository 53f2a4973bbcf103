import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { myChapterListSchema } from '../../answerSchemas';
import { apiGet } from '../../api';
import { ListPlaceholder } from '../../components/ListPlaceholder';
import { ChapterCardList, ChapterListItem } from '../../components/cards/ChapterListItem';
import { QueryState } from '../../components/QueryState';
import { MyRsvps } from './MyRsvps';

/** /my_chapters: the meetings the user is going to, and the chapters they host or organize. */
export function MyChaptersScreen() {
  const query = useQuery({
    queryKey: ['chapters', 'my'],
    queryFn: () => apiGet('/api/chapters/my', !import.meta.env?.PROD && myChapterListSchema),
  });
  return (
    <>
      <h1>My Chapters</h1>
      <MyRsvps />
      {query.isPending ? (
        <ListPlaceholder label="Loading your chapters..." />
      ) : (
        <QueryState query={query} what="chapters">
          {(list) =>
            list.length === 0 ? (
              <p>
                You do not host a chapter yet. <Link to="/intro_start_chapter">Start one!</Link>
              </p>
            ) : (
              <ChapterCardList>
                {list.map((c) => (
                  <ChapterListItem key={c.id} chapter={c} headingLevel={2} />
                ))}
              </ChapterCardList>
            )
          }
        </QueryState>
      )}
    </>
  );
}
