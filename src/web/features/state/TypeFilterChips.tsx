import Button from 'react-bootstrap/Button';
import { CHAPTER_TYPE_SUFFIX } from '../../../common/constants';

interface Props {
  types: { id: number; name: string; hexColor: string }[];
  hidden: ReadonlySet<number>;
  onToggle: (typeId: number) => void;
}

/** Relative luminance (WCAG 2) of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/**
 * Text that reads on the colour (AA needs 4.5:1): white if it passes, else the page's near-black
 * if that does, else black. Mid-tones such as the orange #c75b00 fail both white (4.3:1) and
 * near-black (3.7:1); only black (4.9:1) passes there.
 */
function textOn(hex: string): string {
  const l = luminance(hex);
  if (1.05 / (l + 0.05) >= 4.5) return '#fff';
  return (l + 0.05) / (luminance('#212529') + 0.05) >= 4.5 ? '#212529' : '#000';
}

/**
 * One chip per chapter type present, in the type's pin colour; each toggles that type's
 * visibility (spec 1 §2), after the label 'Show:'. A hidden type's chip keeps only a border of
 * its colour.
 */
export function TypeFilterChips({ types, hidden, onToggle }: Props) {
  if (types.length < 2) return null;
  return (
    <div className="d-flex flex-wrap gap-2 mb-3" role="group" aria-label="Show chapter types">
      {/* Says what the chips do (issue 35): unlabelled, they read as tags, not as switches. The
          group's name says it to a screen reader, in the same first word. */}
      <span className="align-self-center fw-semibold" aria-hidden="true">
        Show:
      </span>
      {types.map((t) => {
        const shown = !hidden.has(t.id);
        return (
          <Button
            key={t.id}
            size="sm"
            variant="light"
            className="rounded-pill type-chip"
            style={
              shown
                ? {
                    backgroundColor: t.hexColor,
                    borderColor: t.hexColor,
                    color: textOn(t.hexColor),
                  }
                : { backgroundColor: '#fff', borderColor: t.hexColor, color: '#212529' }
            }
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
