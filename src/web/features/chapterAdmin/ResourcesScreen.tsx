import { useQuery } from '@tanstack/react-query';
import { pageSchema } from '../../answerSchemas';
import { apiGet } from '../../api';
import { QueryState } from '../../components/QueryState';
import { RichText } from '../../components/richText/RichText';

/** Spec 2 §2 Resources: the body of the page chapter_resources. */
export function ResourcesScreen() {
  const query = useQuery({
    queryKey: ['page', 'chapter_resources'],
    queryFn: () => apiGet('/api/page/slug/chapter_resources', !import.meta.env?.PROD && pageSchema),
  });
  return (
    <section aria-labelledby="resources-title">
      <h1 id="resources-title" className="h2">
        Resources
      </h1>
      <QueryState query={query} what="resources page">
        {(page) => <RichText html={page.body} empty="No resources have been written yet." />}
      </QueryState>
    </section>
  );
}
