// Host applications with their status, archive flag and the three checks (spec 2 §3), known by
// slug. The applicant is a user of the original, found here by email.
import { z } from 'zod';
import { chapterHostApplications } from '../../db/schema';
import { isStateAbbr } from '../../../common/states';
import { parseDate, slugOr, SkipError, type ImportContext } from './context';
import { legacyApplicationSchema } from './schemas';
import { localUser } from './users';
import { importRows } from './rows';
import { applicationSaveRules, checkAsSaved, unlessBlank } from './saveRules';

const KIND = 'host_application';

export async function importApplications(ctx: ImportContext): Promise<void> {
  ctx.reporter.phase([KIND]);
  const list = await ctx.client.get('/api/chapter_host_application', z.array(z.unknown()));
  await importRows(
    ctx,
    {
      kind: KIND,
      schema: legacyApplicationSchema,
      idOf: slugOr('application'),
      key: (a) => a.slug,
      table: chapterHostApplications,
      row: (a) => {
        const userId = localUser(ctx, a.user);
        if (userId === null) throw new SkipError(`its applicant ${a.user.email} was not imported`);
        const state = a.state.trim() === '' ? 'INT' : a.state.trim().toUpperCase();
        if (!isStateAbbr(state)) throw new SkipError(`unknown state ${JSON.stringify(a.state)}`);
        checkAsSaved(applicationSaveRules, {
          city: unlessBlank(a.city),
          type: a.type,
          reason: unlessBlank(a.reason),
        });
        return {
          userId,
          city: a.city,
          state,
          type: a.type,
          reason: a.reason,
          slug: a.slug,
          status: a.status,
          isArchived: a.isArchived,
          didHavePhoneCall: a.didHavePhoneCall,
          didSignAgreement: a.didSignAgreement,
          didGiveAdditionalInfo: a.didGiveAdditionalInfo,
          createdAt: parseDate(a.createdAt, 'createdAt'),
        };
      },
    },
    list,
  );
}
