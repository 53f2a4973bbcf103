// The dashboard's chapter table (beyond spec 2's placeholder): which rows show and in what order.
import type { DashboardChapter } from '../../../../common/schemas/adminDashboard';

export interface HealthRow extends DashboardChapter {
  /** From the chapter list: the dashboard's answer does not carry the type. */
  chapterTypeId: number | null;
}

export type SortKey =
  'chapter' | 'state' | 'lastEvent' | 'lastEmail' | 'members' | 'attended' | 'lapsed';
export interface Sort {
  key: SortKey;
  descending: boolean;
}

export interface HealthFilter {
  /** '' for every state. */
  state: string;
  /** 0 for every type. */
  typeId: number;
  lapsedOnly: boolean;
}

const text = (a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base' });
/** Missing dates sort as the oldest: a chapter that never emailed is the most overdue. */
const date = (a: string | null, b: string | null) => (a ?? '').localeCompare(b ?? '');

const SEVERITY: Record<HealthRow['health'], number> = { hidden: 0, ok: 1, at_risk: 2, lapsed: 3 };

const COMPARE: Record<SortKey, (a: HealthRow, b: HealthRow) => number> = {
  chapter: (a, b) => text(a.displayTitle, b.displayTitle),
  state: (a, b) => text(a.state, b.state) || text(a.displayTitle, b.displayTitle),
  lastEvent: (a, b) => date(a.lastEventDate, b.lastEventDate),
  lastEmail: (a, b) => date(a.lastEmailAt, b.lastEmailAt),
  members: (a, b) => a.memberCount - b.memberCount,
  // Never counted sorts below a count of none: nobody checked, rather than nobody came.
  attended: (a, b) => (a.lastAttendance?.attended ?? -1) - (b.lastAttendance?.attended ?? -1),
  // Worst last (descending puts lapsed first): OK, at risk, lapsed; then by how many reasons.
  lapsed: (a, b) =>
    SEVERITY[a.health] - SEVERITY[b.health] || a.healthReasons.length - b.healthReasons.length,
};

/** The rows the filter lets through, sorted; ties keep the server's order (state, title). */
export function healthRows(
  rows: readonly HealthRow[],
  filter: HealthFilter,
  sort: Sort,
): HealthRow[] {
  const shown = rows.filter(
    (r) =>
      (!filter.state || r.state === filter.state) &&
      (!filter.typeId || r.chapterTypeId === filter.typeId) &&
      (!filter.lapsedOnly || r.isLapsed),
  );
  const compare = COMPARE[sort.key];
  const sign = sort.descending ? -1 : 1;
  return shown
    .map((row, index) => ({ row, index }))
    .sort((a, b) => sign * compare(a.row, b.row) || a.index - b.index)
    .map(({ row }) => row);
}

/** A click on a column's header: that column ascending, or the other way if it already was. */
export function nextSort(current: Sort, key: SortKey): Sort {
  if (current.key === key) return { key, descending: !current.descending };
  // Lapsed first and the biggest lists first are what an admin looks for.
  return { key, descending: key === 'lapsed' || key === 'members' || key === 'attended' };
}
