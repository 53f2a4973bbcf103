import { useMemo, useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Form from 'react-bootstrap/Form';
import { Link } from 'react-router';
import { CHAPTER_TYPES } from '../../../../common/constants';
import { formatMediumDate } from '../../../../common/format';
import type { DashboardChapter } from '../../../../common/schemas/adminDashboard';
import { HEALTH_LEVEL_TEXT, HEALTH_REASON_TEXT } from '../../../../common/chapterHealth';
import type { ChapterSummary } from '../../../../common/schemas/chapters';
import { stateName } from '../../../../common/states';
import {
  healthRows,
  nextSort,
  type HealthFilter,
  type HealthRow,
  type Sort,
  type SortKey,
} from './chapterHealth';

const LEVEL_BADGE = { lapsed: 'danger', at_risk: 'warning', ok: 'success', hidden: 'secondary' };

const COLUMNS: { key: SortKey; label: string }[] = [
  { key: 'chapter', label: 'Chapter' },
  // Beside the name: on a phone the table scrolls sideways, and health is what an admin looks for.
  { key: 'lapsed', label: 'Health' },
  { key: 'state', label: 'State' },
  { key: 'lastEvent', label: 'Last event' },
  { key: 'lastEmail', label: 'Last email' },
  { key: 'members', label: 'Members' },
  { key: 'attended', label: 'Last attended' },
];

/** Every chapter's last event, last email, members and hosts; sortable and filterable. */
export function ChapterHealthTable({
  chapters,
  summaries,
}: {
  chapters: readonly DashboardChapter[];
  summaries: readonly ChapterSummary[] | undefined;
}) {
  const [filter, setFilter] = useState<HealthFilter>({ state: '', typeId: 0, lapsedOnly: false });
  const [sort, setSort] = useState<Sort>({ key: 'state', descending: false });
  const all = useMemo(() => {
    const typeOf = new Map(summaries?.map((s) => [s.id, s.chapterTypeId]));
    return chapters.map((c): HealthRow => ({ ...c, chapterTypeId: typeOf.get(c.id) ?? null }));
  }, [chapters, summaries]);
  const states = useMemo(() => [...new Set(chapters.map((c) => c.state))].sort(), [chapters]);
  const rows = healthRows(all, filter, sort);

  return (
    <section aria-labelledby="chapter-health" className="mb-4">
      <h2 id="chapter-health" className="h4">
        Chapter health
      </h2>
      <p className="text-body-secondary small">
        An active chapter is lapsed when it has sent no email in two months or has no upcoming
        event, and at risk when it has no host, no members, or no email or meeting in 60 days. A new
        chapter has its first two months to email and meet; a hidden one is not counted.
      </p>
      <div className="row g-2 align-items-end mb-2">
        <Form.Group className="col-6 col-md-4" controlId="health-state">
          <Form.Label className="small mb-1">State</Form.Label>
          <Form.Select
            size="sm"
            value={filter.state}
            onChange={(e) => setFilter({ ...filter, state: e.target.value })}
          >
            <option value="">All states</option>
            {states.map((s) => (
              <option key={s} value={s}>
                {stateName(s) ?? s}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Form.Group className="col-6 col-md-4" controlId="health-type">
          <Form.Label className="small mb-1">Type</Form.Label>
          <Form.Select
            size="sm"
            value={filter.typeId}
            disabled={!summaries}
            onChange={(e) => setFilter({ ...filter, typeId: Number(e.target.value) })}
          >
            <option value={0}>All types</option>
            {CHAPTER_TYPES.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <div className="col-12 col-md-4">
          <Form.Check
            type="switch"
            id="health-lapsed"
            label="Lapsed only"
            checked={filter.lapsedOnly}
            onChange={(e) => setFilter({ ...filter, lapsedOnly: e.target.checked })}
          />
        </div>
      </div>
      <p className="small mb-2" aria-live="polite">
        {rows.length} of {chapters.length} chapters
      </p>
      {rows.length === 0 ? (
        <div className="card card-body">
          <p className="mb-0">No chapters found</p>
        </div>
      ) : (
        <div className="table-responsive">
          <table className="table table-sm align-middle chapter-health-table">
            <caption className="visually-hidden">
              Chapters, sorted by {COLUMNS.find((c) => c.key === sort.key)?.label}
            </caption>
            <thead>
              <tr>
                {COLUMNS.map((c) => (
                  <th
                    key={c.key}
                    scope="col"
                    aria-sort={
                      sort.key === c.key ? (sort.descending ? 'descending' : 'ascending') : 'none'
                    }
                  >
                    <button
                      type="button"
                      className="btn btn-link btn-sm p-0 fw-semibold text-nowrap"
                      onClick={() => setSort(nextSort(sort, c.key))}
                    >
                      {c.label}
                      <span aria-hidden="true">
                        {sort.key === c.key ? (sort.descending ? ' ▼' : ' ▲') : ''}
                      </span>
                    </button>
                  </th>
                ))}
                <th scope="col">Hosts</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <HealthTableRow key={r.id} row={r} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function HealthTableRow({ row: r }: { row: HealthRow }) {
  return (
    <tr>
      <td>
        <Link to={`/chapter/${r.state.toLowerCase()}/${r.slug}/admin`}>{r.displayTitle}</Link>
        {r.status !== 1 && (
          <Badge bg="secondary" className="ms-1">
            Hidden
          </Badge>
        )}
      </td>
      <td className="health-cell">
        {r.health === 'ok' && r.graceUntil ? (
          <>
            {/* White on the theme's info blue (Drinking's): dark text on it fails contrast. */}
            <Badge bg="info">New</Badge>
            <div className="small text-nowrap">until {formatMediumDate(r.graceUntil)}</div>
          </>
        ) : (
          <>
            <Badge bg={LEVEL_BADGE[r.health]} text={r.health === 'at_risk' ? 'dark' : undefined}>
              {HEALTH_LEVEL_TEXT[r.health]}
            </Badge>
            {r.healthReasons.length > 0 && (
              <div className="small">
                {r.healthReasons.map((x) => HEALTH_REASON_TEXT[x]).join(', ')}
              </div>
            )}
          </>
        )}
      </td>
      <td>{r.state}</td>
      <td className="text-nowrap">
        {r.lastEventDate ? formatMediumDate(r.lastEventDate) : 'None'}
        {r.nextEventDate && (
          <div className="small text-body-secondary">next {formatMediumDate(r.nextEventDate)}</div>
        )}
      </td>
      <td className="text-nowrap">{r.lastEmailAt ? formatMediumDate(r.lastEmailAt) : 'Never'}</td>
      <td className="text-end">{r.memberCount.toLocaleString('en-US')}</td>
      <td className="text-end text-nowrap">
        {/* Counted at the door (issue 33): a chapter still emailing whose meetings draw nobody. */}
        {r.lastAttendance ? (
          <>
            {r.lastAttendance.attended}
            <div className="small text-body-secondary">
              {formatMediumDate(r.lastAttendance.date)}
            </div>
          </>
        ) : (
          <span className="text-body-secondary">Not counted</span>
        )}
      </td>
      <td>
        {r.hosts.length === 0
          ? 'None'
          : r.hosts.map((h, i) => (
              <span key={h.id}>
                {i > 0 && ', '}
                <Link to={`/admin/users/${h.id}`}>{h.name}</Link>
              </span>
            ))}
      </td>
    </tr>
  );
}
