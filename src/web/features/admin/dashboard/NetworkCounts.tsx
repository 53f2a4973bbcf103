import { Link } from 'react-router';
import type { DashboardCounts } from '../../../../common/schemas/adminDashboard';

/** The network at a glance, each figure linking to where it is worked on. */
export function NetworkCounts({ counts }: { counts: DashboardCounts }) {
  const figures = [
    { label: 'Active chapters', value: counts.activeChapters, to: '/admin/chapters' },
    { label: 'Hidden chapters', value: counts.hiddenChapters, to: '/admin/chapters' },
    { label: 'Lapsed chapters', value: counts.lapsedChapters, to: '#chapter-health' },
    {
      label: 'Open applications',
      value: counts.openApplications,
      to: '/admin/chapter_host_applications',
    },
    { label: 'Users', value: counts.users, to: '/admin/users' },
    { label: 'List members', value: counts.listMembers, to: null },
  ];
  return (
    <ul
      className="row row-cols-2 row-cols-md-3 row-cols-xl-6 g-2 list-unstyled mb-4"
      aria-label="The network in numbers"
    >
      {figures.map((f) => (
        <li key={f.label} className="col">
          <div className="card card-body h-100 p-2 text-center">
            <span className="fs-3 fw-semibold">{f.value.toLocaleString('en-US')}</span>
            {f.to === null ? (
              <span className="small">{f.label}</span>
            ) : f.to.startsWith('#') ? (
              <a href={f.to} className="small">
                {f.label}
              </a>
            ) : (
              <Link to={f.to} className="small">
                {f.label}
              </Link>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}
