// Which list of a chapter the public chapter page counts the members of (issue 25): the one its
// list-id field names under the email-service setting, when the built-in lists keep it. Brevo
// keeps its own lists and their counts; the site has no count of them to show.
import type { Config } from '../../config';
import type { DbOrTx } from '../../core/database';
import { activeListProvider } from '../../mail/lists/factory';
import { getEmailService } from '../settings';
import { listIdField } from './listAccess';
import { brevoChoice } from './providers';

export type CountedListField = ReturnType<typeof listIdField>;

/** The chapter field naming a built-in list to count, or null when Brevo keeps the lists. */
export async function countedListField(
  db: DbOrTx,
  config: Config,
): Promise<CountedListField | null> {
  if ((await activeListProvider(db, brevoChoice(config))) === 'brevo') return null;
  return listIdField(await getEmailService(db));
}
