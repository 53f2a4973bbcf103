// Picks the mailing-list provider. The email-service setting (spec 2) says which list-id field
// of a chapter names its list; `sendInBlue` with BREVO_API_KEY set is served by Brevo, anything
// else by the built-in provider. The setting can change at any time (the admin settings
// screen), so the choice is made on every call, not at start-up; the caller says how to read
// it (mail knows no module: modules/mailing/providers.ts hands over the settings module's).
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { DbOrTx } from '../../core/database';
import type { EmailService } from '../../../common/constants';
import { brevoProvider } from './brevo';
import type { BrevoSettings } from './brevoClient';
import { builtinProvider } from './builtin';
import type { MailingListProvider } from './provider';

export type MailingListProviderName = MailingListProvider['name'];

/** Brevo's settings, and how to read the email-service setting that says whether it serves. */
export interface BrevoChoice {
  settings: BrevoSettings;
  emailService: (db: DbOrTx) => Promise<EmailService>;
}

/** Brevo's settings from the configuration, or null without BREVO_API_KEY. */
export function brevoSettings(config: Config): BrevoSettings | null {
  return config.brevo.apiKey
    ? {
        apiKey: config.brevo.apiKey,
        apiUrl: config.brevo.apiUrl,
        senderEmail: config.mail.fromAddress,
      }
    : null;
}

/** Which provider serves lists now: Brevo only when chosen and configured. */
export async function activeListProvider(
  db: DbOrTx,
  brevo: BrevoChoice | null,
): Promise<MailingListProviderName> {
  return brevo && (await brevo.emailService(db)) === 'sendInBlue' ? 'brevo' : 'builtin';
}

/**
 * The provider for `db`. Without Brevo settings it is the built-in one; with them, every call
 * first reads the setting and goes to Brevo or to the built-in provider.
 */
export function mailingListProvider(db: Db, brevo: BrevoChoice | null = null): MailingListProvider {
  const builtin = builtinProvider(db);
  if (!brevo) return builtin;
  const remote = brevoProvider(brevo.settings);
  const pick = async () => ((await activeListProvider(db, brevo)) === 'brevo' ? remote : builtin);
  return {
    // The name of the provider a call would reach is only known per call; see activeListProvider.
    name: 'builtin',
    forTransaction: (tx) => mailingListProvider(tx, brevo),
    getList: async (...a) => (await pick()).getList(...a),
    createList: async (...a) => (await pick()).createList(...a),
    allLists: async () => (await pick()).allLists(),
    findContact: async (...a) => (await pick()).findContact(...a),
    searchContacts: async (...a) => (await pick()).searchContacts(...a),
    addContacts: async (...a) => (await pick()).addContacts(...a),
    listContacts: async (...a) => (await pick()).listContacts(...a),
    contactDetails: async (...a) => (await pick()).contactDetails(...a),
    removeContact: async (...a) => (await pick()).removeContact(...a),
    blockContact: async (...a) => (await pick()).blockContact(...a),
    unblockContact: async (...a) => (await pick()).unblockContact(...a),
    queueMessage: async (...a) => (await pick()).queueMessage(...a),
  };
}
