import { lazy, Suspense } from 'react';
import Spinner from 'react-bootstrap/Spinner';

// A pin's info window is drawn only when a visitor opens one, so its code (the chapter's
// details, its mailing-list sign-up) is loaded then, not with the home page's first script:
// about 2.4 kB gzip off the first load (docs/performance.md, issue 25).
const ChapterPinDetails = lazy(() =>
  import('./ChapterPinDetails').then((m) => ({ default: m.ChapterPinDetails })),
);

/** ChapterPinDetails, its code fetched when the info window first opens. */
export function LazyChapterPinDetails(props: { chapterId: number; eventId?: number }) {
  return (
    <Suspense
      fallback={
        <div className="home-pin-popup d-flex align-items-center gap-2" role="status">
          <Spinner animation="border" size="sm" aria-hidden="true" />
          <span>Loading the chapter...</span>
        </div>
      }
    >
      <ChapterPinDetails {...props} />
    </Suspense>
  );
}
