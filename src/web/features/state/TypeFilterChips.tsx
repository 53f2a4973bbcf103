import Button from 'react-bootstrap/Button';
import { CHAPTER_TYPE_SUFFIX } from '../../../common/constants';

interface Props {
  types: { id: number; name: string }[];
  hidden: ReadonlySet<number>;
  onToggle: (typeId: number) => void;
}

/** One chip per chapter type present; each toggles that type's visibility (spec 1 §2). */
export function TypeFilterChips({ types, hidden, onToggle }: Props) {
  if (types.length < 2) return null;
  return (
    <div className="d-flex flex-wrap gap-2 mb-3" role="group" aria-label="Show chapter types">
      {types.map((t) => {
        const shown = !hidden.has(t.id);
        return (
          <Button
            key={t.id}
            size="sm"
            variant={shown ? 'primary' : 'outline-secondary'}
            className="rounded-pill"
            aria-pressed={shown}
            onClick={() => onToggle(t.id)}
          >
            {t.name} {CHAPTER_TYPE_SUFFIX}
          </Button>
        );
      })}
    </div>
  );
}
