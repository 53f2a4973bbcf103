import { BRAND_MARK } from '../../../common/brand';
import { pinUrl } from '../../../common/pinImages';

// Speech bubbles of the logo scattered over the band, as [x, y, scale, mirrored]: talk around
// the table, on the 800 by 200 band the illustration draws.
const BUBBLES: readonly [number, number, number, boolean][] = [
  [40, 30, 2.6, false],
  [150, 110, 1.6, true],
  [250, 20, 1.2, false],
  [520, 96, 1.8, false],
  [620, 14, 2.8, true],
  [730, 120, 1.4, false],
];

/**
 * What a chapter without a header image shows in its place (issue 25): a band in its type's
 * colour (styles.css `.chapter-illustration-N`), speech bubbles and the type's own icon, so the
 * page opens on the chapter's colour instead of an empty space. Decoration only.
 */
export function ChapterIllustration({ typeId }: { typeId: number }) {
  return (
    <div
      className={`chapter-illustration chapter-illustration-${typeId} mb-3`}
      data-testid="chapter-illustration"
      aria-hidden="true"
    >
      <svg viewBox="0 0 800 200" preserveAspectRatio="xMidYMid slice" focusable="false">
        <circle className="chapter-illustration-glow" cx="400" cy="100" r="150" />
        <circle className="chapter-illustration-glow" cx="400" cy="100" r="95" />
        {BUBBLES.map(([x, y, scale, mirrored]) => (
          <path
            key={`${x}-${y}`}
            className="chapter-illustration-bubble"
            d={BRAND_MARK.bubble}
            transform={
              mirrored
                ? `translate(${x + 32 * scale} ${y}) scale(${-scale} ${scale})`
                : `translate(${x} ${y}) scale(${scale})`
            }
          />
        ))}
      </svg>
      <span className="chapter-illustration-icon">
        <img src={pinUrl(typeId)} alt="" width={56} height={56} />
      </span>
    </div>
  );
}
