import { describe, expect, it } from 'vitest';
import { healthRows, nextSort, type HealthRow } from './chapterHealth';

function row(over: Partial<HealthRow> & { id: number }): HealthRow {
  return {
    title: `Chapter ${over.id}`,
    displayTitle: `Chapter ${over.id}`,
    slug: `chapter-${over.id}`,
    state: 'NY',
    status: 1,
    lastEventDate: null,
    nextEventDate: null,
    lastEmailAt: null,
    memberCount: 0,
    lastAttendance: null,
    hosts: [],
    isLapsed: false,
    lapsedReasons: [],
    graceUntil: null,
    health: 'ok',
    healthReasons: [],
    chapterTypeId: 1,
    ...over,
  };
}

const rows = [
  row({ id: 1, displayTitle: 'Brooklyn', memberCount: 40, lastEmailAt: '2025-01-05T00:00:00Z' }),
  row({
    id: 2,
    displayTitle: 'austin',
    state: 'TX',
    chapterTypeId: 5,
    isLapsed: true,
    lapsedReasons: ['no_recent_email'],
  }),
  row({
    id: 3,
    displayTitle: 'Chicago',
    state: 'IL',
    memberCount: 12,
    lastEmailAt: '2025-03-01T00:00:00Z',
  }),
];
const all = { state: '', typeId: 0, lapsedOnly: false };
const ids = (list: HealthRow[]) => list.map((r) => r.id);

describe('healthRows', () => {
  it('sorts by the last count at the door, the never counted below a count of none', () => {
    const counted = [
      row({ id: 1, lastAttendance: { date: '2026-11-19', attended: 14 } }),
      row({ id: 2 }),
      row({ id: 3, lastAttendance: { date: '2026-11-12', attended: 0 } }),
    ];
    const sort = nextSort({ key: 'chapter', descending: false }, 'attended');
    expect(sort).toEqual({ key: 'attended', descending: true });
    expect(ids(healthRows(counted, all, sort))).toEqual([1, 3, 2]);
  });

  it('sorts by title without regard to case, either way', () => {
    expect(ids(healthRows(rows, all, { key: 'chapter', descending: false }))).toEqual([2, 1, 3]);
    expect(ids(healthRows(rows, all, { key: 'chapter', descending: true }))).toEqual([3, 1, 2]);
  });

  it('puts a chapter that never emailed before any that did', () => {
    expect(ids(healthRows(rows, all, { key: 'lastEmail', descending: false }))).toEqual([2, 1, 3]);
  });

  it('filters by state, type and lapsed', () => {
    const sort = { key: 'chapter', descending: false } as const;
    expect(ids(healthRows(rows, { ...all, state: 'IL' }, sort))).toEqual([3]);
    expect(ids(healthRows(rows, { ...all, typeId: 5 }, sort))).toEqual([2]);
    expect(ids(healthRows(rows, { ...all, lapsedOnly: true }, sort))).toEqual([2]);
  });
});

describe('nextSort', () => {
  it('turns the same column around and starts members biggest first', () => {
    expect(nextSort({ key: 'chapter', descending: false }, 'chapter')).toEqual({
      key: 'chapter',
      descending: true,
    });
    expect(nextSort({ key: 'chapter', descending: false }, 'members').descending).toBe(true);
  });
});
