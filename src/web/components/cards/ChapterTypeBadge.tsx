import { CHAPTER_TYPE_SUFFIX } from '../../../common/constants';
import { typeIconUrl } from '../../../common/pinImages';

/** A chapter type's icon and name in its colour: 'Drinking Liberally' with a pint glass. */
export function ChapterTypeBadge({
  type,
  suffix = CHAPTER_TYPE_SUFFIX,
}: {
  type: { id: number; name: string };
  suffix?: string;
}) {
  return (
    <span className={`chapter-type-badge chapter-type-${type.id}`}>
      <img src={typeIconUrl(type.id)} width={20} height={20} alt="" />
      <span className="chapter-type-name">
        {type.name} {suffix}
      </span>
    </span>
  );
}
