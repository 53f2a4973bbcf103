// The built-in mailing-list provider: lists, contacts and messages in our own tables. Each
// piece lives in its own file; this one puts them behind the provider interface.
import type { Db } from '../../db/client';
import { allLists, createList, getList } from './builtinLists';
import { addContacts, contactDetails, listContacts, removeContact } from './builtinContacts';
import { blockContact, contactSummaries, unblockContact } from './builtinAddresses';
import { queueMessage } from './builtinQueue';
import type { MailingListProvider } from './provider';

/** `db` may be a transaction: everything the provider writes then commits with the caller's. */
export function builtinProvider(db: Db): MailingListProvider {
  return {
    name: 'builtin',
    forTransaction: (tx) => builtinProvider(tx),
    allLists: () => allLists(db),
    findContact: async (email) => (await contactSummaries(db, { email }, 1))[0] ?? null,
    searchContacts: (query, limit) => contactSummaries(db, { contains: query }, limit),
    getList: (listId) => getList(db, listId),
    createList: (name) => createList(db, name),
    addContacts: (listId, emails, options) => addContacts(db, listId, emails, options),
    listContacts: (listId) => listContacts(db, listId),
    contactDetails: (listId, emailOrId) => contactDetails(db, listId, emailOrId),
    removeContact: (listId, email) => removeContact(db, listId, email),
    blockContact: (email, reason) => blockContact(db, email, reason),
    unblockContact: (email) => unblockContact(db, email),
    queueMessage: (message) => queueMessage(db, message),
  };
}
