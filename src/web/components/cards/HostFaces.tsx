/** 'Ada Lovelace' -> 'AL'; 'cher' -> 'C'; the first and last words' first letters. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = [words[0], words.length > 1 ? words.at(-1) : undefined]
    .map((w) => (w ? [...w][0]!.toUpperCase() : ''))
    .join('');
  return letters || '?';
}

/**
 * The people behind a chapter as faces: the site keeps no photos of its users, so each is their
 * initials on a disc of the chapter type's colour, with their name beside it.
 */
export function HostFaces({
  people,
  typeId,
}: {
  people: { id: number; name: string }[];
  typeId: number;
}) {
  return (
    <ul className={`host-faces chapter-card-type-${typeId}`}>
      {people.map((p) => (
        <li key={p.id} className="d-flex align-items-center gap-2">
          <span className="host-face" aria-hidden="true">
            {initialsOf(p.name)}
          </span>
          <span>{p.name}</span>
        </li>
      ))}
    </ul>
  );
}
