// Picks the mailing-list provider. Only `builtin` exists so far; a Brevo adapter will be chosen
// here by configuration, and nothing that calls mailingListProvider() changes.
import type { Db } from '../../db/client';
import { builtinProvider } from './builtin';
import type { MailingListProvider } from './provider';

export type MailingListProviderName = MailingListProvider['name'];

export function mailingListProvider(
  db: Db,
  name: MailingListProviderName = 'builtin',
): MailingListProvider {
  switch (name) {
    case 'builtin':
      return builtinProvider(db);
    case 'brevo':
      throw new Error('The Brevo mailing-list provider is not built yet.');
  }
}
