import { serverFirstScreen, serverHeading, serverListPlaceholder } from '../serverFrame';
import { ListPlaceholder } from './ListPlaceholder';
import { PageSpinner } from './PageSpinner';

/**
 * While the first screen's code loads: what the server sent for it, so nothing blinks out of
 * the frame the browser already painted. That is the screen itself where the server drew it
 * (home, a state, a chapter, an event), otherwise the page's heading and the grey shape of its list
 * (My Chapters) or a spinner.
 */
export function FirstLoadFallback() {
  if (serverFirstScreen)
    return <div className="first-screen" dangerouslySetInnerHTML={{ __html: serverFirstScreen }} />;
  return (
    <>
      {serverHeading && <h1>{serverHeading}</h1>}
      {serverListPlaceholder ? <ListPlaceholder label="Loading..." /> : <PageSpinner />}
    </>
  );
}
