import { ROLE } from '../../../common/constants';
import { HostFaces } from './HostFaces';

/**
 * Who runs the chapter, as faces, with the way to write to them: on the chapter page and on each
 * of its events' pages (issue 35). Nothing when the chapter has no host yet.
 */
export function HostCard({
  chapter,
  className = '',
}: {
  chapter: {
    chapterTypeId: number;
    email: string;
    permissions: readonly { id: number; roleId: number; user: { name: string } }[];
  };
  className?: string;
}) {
  const hosts = chapter.permissions.filter((p) => p.roleId === ROLE.chapterHost);
  if (hosts.length === 0) return null;
  return (
    <section className={`host-card ${className}`.trim()} aria-labelledby="hosts-title">
      <h2 id="hosts-title" className="h5">
        {hosts.length === 1 ? 'Host' : 'Hosts'}
      </h2>
      <HostFaces
        people={hosts.map((h) => ({ id: h.id, name: h.user.name }))}
        typeId={chapter.chapterTypeId}
      />
      {chapter.email && (
        <a href={`mailto:${chapter.email}`} className="d-inline-block mt-2">
          Contact the hosts
        </a>
      )}
    </section>
  );
}
