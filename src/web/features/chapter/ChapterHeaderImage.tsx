import { useEffect, useRef, useState } from 'react';

/**
 * The chapter's header image, left out when it fails to load (spec 1 §2). An image that failed
 * before this component mounted (on a page the server drew, before the app's code ran) fired its
 * error event with no one listening: one already complete with no width is broken too.
 */
export function ChapterHeaderImage({ src }: { src: string }) {
  const image = useRef<HTMLImageElement>(null);
  // The URL that failed: a new upload has a new URL and gets its own chance.
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    const img = image.current;
    if (img?.complete && img.naturalWidth === 0) setFailed(src);
  }, [src]);
  if (failed === src) return null;
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
