import { useEffect, useRef, useState } from 'react';
import { ChapterIllustration } from './ChapterIllustration';

/**
 * The chapter's header image; in place of one it has not, or one that fails to load (spec 1 §2
 * left it out), the illustration in the chapter type's colour (issue 25). An image that failed
 * before this component mounted (on a page the server drew, before the app's code ran) fired its
 * error event with no one listening: one already complete with no width is broken too.
 */
export function ChapterHeaderImage({
  src,
  typeId,
}: {
  src: string | null | undefined;
  typeId: number;
}) {
  const image = useRef<HTMLImageElement>(null);
  // The URL that failed: a new upload has a new URL and gets its own chance.
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    const img = image.current;
    if (src && img?.complete && img.naturalWidth === 0) setFailed(src);
  }, [src]);
  if (!src || failed === src) return <ChapterIllustration typeId={typeId} />;
  return (
    <img
      ref={image}
      src={src}
      alt=""
      className="img-fluid rounded mb-3 chapter-header-image"
      onError={() => setFailed(src)}
    />
  );
}
