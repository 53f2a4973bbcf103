import { webcalUrl } from '../../../common/calendarLinks';
import { useSiteUrl } from './siteUrl';

/**
 * A link that subscribes the visitor's calendar app to a feed (webcal://). Drawn on the server as
 * the feed's own address (a download, which works anywhere), it becomes the subscription once the
 * page knows the site's public URL.
 */
export function SubscribeLink({
  feedPath,
  children,
  className = 'btn btn-outline-primary btn-sm',
}: {
  feedPath: string;
  children: React.ReactNode;
  className?: string;
}) {
  const site = useSiteUrl();
  return (
    <a href={site ? webcalUrl(site, feedPath) : feedPath} className={className}>
      {children}
    </a>
  );
}
