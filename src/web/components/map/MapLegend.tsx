import { CHAPTER_TYPES, CHAPTER_TYPE_SUFFIX } from '../../../common/constants';
import { pinUrl } from '../../../common/pinImages';

/** What each pin means: the icon and name of each chapter type on the map. */
export function MapLegend({ typeIds }: { typeIds: readonly number[] }) {
  const types = CHAPTER_TYPES.filter((t) => typeIds.includes(t.id));
  if (types.length === 0) return null;
  return (
    <ul
      className="map-legend list-unstyled d-flex flex-wrap gap-3 small mt-2 mb-0"
      aria-label="Map key"
    >
      {types.map((t) => (
        <li key={t.id} className="d-flex align-items-center gap-1">
          <img src={pinUrl(t.id)} width={20} height={20} alt="" />
          {t.name} {CHAPTER_TYPE_SUFFIX}
        </li>
      ))}
    </ul>
  );
}
