// Host applications from the admins' side (spec 2 §2, §4, §7): every application, a user's
// applications, and saving an application's status, archive flag and the three yes/no toggles.
import { desc, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chapterHostApplications, users } from '../../db/schema';
import type { HostApplicationStatus } from '../../../common/constants';
import type { HostApplication } from '../../../common/schemas/applications';
import { fieldError, HttpError } from '../../core/httpError';
import { requireUserRow } from '../users';
import { toApplication } from './service';

async function listWhere(db: Db, where: SQL | undefined): Promise<HostApplication[]> {
  const rows = await db
    .select({
      application: chapterHostApplications,
      user: { id: users.id, name: users.name, email: users.email },
    })
    .from(chapterHostApplications)
    .innerJoin(users, eq(users.id, chapterHostApplications.userId))
    .where(where)
    .orderBy(desc(chapterHostApplications.createdAt), desc(chapterHostApplications.id));
  return rows.map((r) => toApplication(r.application, r.user));
}

/** Every application, archived ones too, newest first: the screen groups and filters them. */
export function listAllApplications(db: Db): Promise<HostApplication[]> {
  return listWhere(db, undefined);
}

/** A user's applications, newest first; 404 for a user that does not exist. */
export async function listUserApplications(db: Db, userId: number): Promise<HostApplication[]> {
  await requireUserRow(db, userId);
  return listWhere(db, eq(chapterHostApplications.userId, userId));
}

export interface ApplicationChanges {
  status?: HostApplicationStatus | undefined;
  isArchived?: boolean | undefined;
  didHavePhoneCall?: boolean | undefined;
  didSignAgreement?: boolean | undefined;
  didGiveAdditionalInfo?: boolean | undefined;
}

/**
 * Spec 2 §4: from open an admin approves without creating a chapter or denies (approving with a
 * chapter is POST /api/chapter/new); any decided application may be reopened. Approved again
 * from open only when a chapter was already made from it (a reopen taken back).
 */
function statusMoveAllowed(
  from: HostApplicationStatus,
  to: HostApplicationStatus,
  hasChapter: boolean,
): boolean {
  if (from === to || to === 'open') return true;
  if (from !== 'open') return false;
  return to !== 'approved' || hasChapter;
}

export async function updateApplication(
  db: Db,
  slug: string,
  changes: ApplicationChanges,
): Promise<HostApplication> {
  return db.transaction(async (tx) => {
    // Locked: two admins clicking at once change the status one after the other.
    const [current] = await tx
      .select()
      .from(chapterHostApplications)
      .where(eq(chapterHostApplications.slug, slug))
      .for('update');
    if (!current) throw new HttpError(404, 'Application not found.');
    const from = current.status as HostApplicationStatus;
    if (
      changes.status !== undefined &&
      !statusMoveAllowed(from, changes.status, current.chapterId !== null)
    ) {
      const message =
        changes.status === 'approved'
          ? 'An application is approved by creating its chapter (Create Chapter from Application).'
          : 'Reopen the application before deciding it again.';
      throw fieldError(409, 'body.status', message);
    }
    const values = Object.fromEntries(
      Object.entries(changes).filter(([, v]) => v !== undefined),
    ) as ApplicationChanges;
    const [saved] =
      Object.keys(values).length === 0
        ? [current]
        : await tx
            .update(chapterHostApplications)
            .set(values)
            .where(eq(chapterHostApplications.id, current.id))
            .returning();
    const applicant = await requireUserRow(tx, current.userId);
    return toApplication(saved!, applicant);
  });
}
