/** How many grey items stand for a list that is still loading. */
export const PLACEHOLDER_ROWS = 2;

/**
 * The shape of a list while its items load: grey bars where they will be, and words for screen
 * readers, so the screen's frame is there at once instead of a bare "Loading...". The server's
 * frame of a page whose list comes later draws the same (server/modules/seo/html.ts).
 */
export function ListPlaceholder({ label }: { label: string }) {
  return (
    <div role="status" className="list-placeholder">
      <span className="visually-hidden">{label}</span>
      <ul className="list-group placeholder-glow" aria-hidden="true">
        {Array.from({ length: PLACEHOLDER_ROWS }, (_, i) => (
          <li key={i} className="list-group-item py-3">
            <span className="placeholder placeholder-lg col-6 d-block mb-2" />
            <span className="placeholder col-4 d-block mb-2" />
            <span className="placeholder placeholder-sm col-8 d-block" />
          </li>
        ))}
      </ul>
    </div>
  );
}
