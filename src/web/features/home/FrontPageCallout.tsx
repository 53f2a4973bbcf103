import { useQuery } from '@tanstack/react-query';
import { frontPageSchema } from '../../answerSchemas';
import { apiGet } from '../../api';

/** The optional call-out image an admin sets, linking where they chose (spec 1 §2). */
export function FrontPageCallout() {
  const { data } = useQuery({
    queryKey: ['front_page'],
    queryFn: () => apiGet('/api/front_page', !import.meta.env?.PROD && frontPageSchema),
  });
  if (!data?.imageUrl) return null;
  const image = <img src={data.imageUrl} alt="Featured" className="img-fluid rounded" />;
  return (
    <aside className="mb-4" aria-label="Featured">
      {data.imageLinkURL ? <a href={data.imageLinkURL}>{image}</a> : image}
    </aside>
  );
}
