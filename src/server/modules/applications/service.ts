// Chapter host applications from the applicant's side: apply, list mine, read one. An
// application is seen by its applicant and by admins only; to anyone else it does not exist.
import { randomBytes } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chapterHostApplications, users } from '../../db/schema';
import type { ChapterHostApplicationRow, UserRow } from '../../db/schema';
import { isAdmin } from '../../../common/policy';
import type { User } from '../../../common/schemas/auth';
import type { HostApplication } from '../../../common/schemas/applications';
import { HttpError } from '../../core/httpError';
import { type DbOrTx } from '../../core/database';
import { recordActivity } from '../activity';
import { slugify } from '../../core/slugify';
import { placeName } from '../../../common/address';

type Applicant = Pick<UserRow, 'id' | 'name' | 'email'>;

export interface NewHostApplication {
  city: string;
  state: string;
  type: HostApplication['type'];
  reason: string;
}

export function toApplication(row: ChapterHostApplicationRow, user: Applicant): HostApplication {
  return {
    id: row.id,
    slug: row.slug,
    // The database's check constraints hold status and type to these values.
    status: row.status as HostApplication['status'],
    isArchived: row.isArchived,
    user: { id: user.id, name: user.name, email: user.email },
    city: row.city,
    state: row.state,
    type: row.type as HostApplication['type'],
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
    didHavePhoneCall: row.didHavePhoneCall,
    didSignAgreement: row.didSignAgreement,
    didGiveAdditionalInfo: row.didGiveAdditionalInfo,
  };
}

async function insertWithUniqueSlug(tx: DbOrTx, userId: number, input: NewHostApplication) {
  const base = slugify(`${input.city} ${input.state}`) || 'application';
  // 48 random bits make a clash all but impossible; the loop makes it certain.
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const slug = `${base}-${randomBytes(6).toString('hex')}`;
    const [row] = await tx
      .insert(chapterHostApplications)
      .values({ ...input, userId, slug, status: 'open' })
      .onConflictDoNothing({ target: chapterHostApplications.slug })
      .returning();
    if (row) return row;
  }
  throw new Error('could not find a free application slug');
}

export async function createApplication(
  db: Db,
  user: User,
  input: NewHostApplication,
): Promise<HostApplication> {
  const row = await db.transaction(async (tx) => {
    const saved = await insertWithUniqueSlug(tx, user.id, input);
    await recordActivity(tx, {
      type: 'chapter_host_application',
      title: `New chapter host application: ${placeName(saved)}`,
      note: saved.reason,
      userId: user.id,
      objectId: saved.id,
      // The applicant's reasons are for the admins who review them, not for chapter feeds.
      adminOnly: true,
    });
    return saved;
  });
  return toApplication(row, user);
}

export async function listMyApplications(db: Db, user: User): Promise<HostApplication[]> {
  const rows = await db
    .select()
    .from(chapterHostApplications)
    .where(eq(chapterHostApplications.userId, user.id))
    .orderBy(desc(chapterHostApplications.createdAt), desc(chapterHostApplications.id));
  return rows.map((row) => toApplication(row, user));
}

export async function getApplicationBySlug(
  db: Db,
  user: User,
  slug: string,
): Promise<HostApplication> {
  const [found] = await db
    .select({
      application: chapterHostApplications,
      user: { id: users.id, name: users.name, email: users.email },
    })
    .from(chapterHostApplications)
    .innerJoin(users, eq(users.id, chapterHostApplications.userId))
    .where(eq(chapterHostApplications.slug, slug))
    .limit(1);
  if (!found || (found.application.userId !== user.id && !isAdmin(user))) {
    throw new HttpError(404, 'Not found.');
  }
  return toApplication(found.application, found.user);
}
