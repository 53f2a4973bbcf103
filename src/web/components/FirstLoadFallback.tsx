import { serverHeading } from '../serverHeading';
import { PageSpinner } from './PageSpinner';

/**
 * While the first screen's code loads: the page's heading as the server sent it (so nothing
 * blinks out of the frame the browser already painted), then a spinner.
 */
export function FirstLoadFallback() {
  return (
    <>
      {serverHeading && <h1>{serverHeading}</h1>}
      <PageSpinner />
    </>
  );
}
