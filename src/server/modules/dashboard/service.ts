// GET /api/admin/dashboard: the network's counts and every chapter's figures and health
// (figures.ts, the same a host's dashboard reads), in a fixed number of queries.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { CHAPTER_STATUS } from '../../../common/constants';
import type { AdminDashboard } from '../../../common/schemas/adminDashboard';
import { queryRows } from '../../core/database';
import { activeMembersByList } from '../../core/chapterFigures';
import { chapterFigures } from './figures';

export async function getAdminDashboard(db: Db, now = new Date()): Promise<AdminDashboard> {
  const [rows, listSizes, [totals]] = await Promise.all([
    chapterFigures(db, now),
    activeMembersByList(db),
    queryRows<{ users: number; openApplications: number }>(
      db,
      sql`select (select count(*)::int from users) as "users",
          (select count(*)::int from chapter_host_applications where status = 'open') as "openApplications"`,
    ),
  ]);
  const active = rows.filter((c) => c.status === CHAPTER_STATUS.active);
  return {
    counts: {
      activeChapters: active.length,
      hiddenChapters: rows.length - active.length,
      openApplications: totals?.openApplications ?? 0,
      users: totals?.users ?? 0,
      listMembers: [...listSizes.values()].reduce((sum, n) => sum + n, 0),
      lapsedChapters: rows.filter((c) => c.isLapsed).length,
      atRiskChapters: rows.filter((c) => c.health === 'at_risk').length,
    },
    chapters: rows,
  };
}
