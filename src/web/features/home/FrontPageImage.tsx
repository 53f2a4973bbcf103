import { useQuery } from '@tanstack/react-query';
import { frontPageSchema } from '../../answerSchemas';
import { apiGet } from '../../api';

/**
 * The optional image an admin sets for the front page, linking where they chose (spec 1 §2), as
 * the home hero's picture (issue 25): behind the hero's words on a phone, beside them from md.
 * Nothing while there is none.
 */
export function FrontPageImage() {
  const { data } = useQuery({
    queryKey: ['front_page'],
    queryFn: () => apiGet('/api/front_page', !import.meta.env?.PROD && frontPageSchema),
  });
  if (!data?.imageUrl) return null;
  const image = <img src={data.imageUrl} alt="Featured" className="hero-media-image" />;
  return data.imageLinkURL ? (
    <a href={data.imageLinkURL} className="hero-media">
      {image}
    </a>
  ) : (
    <div className="hero-media">{image}</div>
  );
}
