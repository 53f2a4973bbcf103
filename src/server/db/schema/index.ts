// The whole data model of both spec documents, one file per area. drizzle-kit generates the
// migrations from this index (`npm run db:generate`); never edit a generated migration by hand
// (migrations written by hand, such as triggers and views, say so in their first line).
//
// ON DELETE choices, in one place:
// - rows that only make sense inside their parent (sessions, permissions, events, links, notes,
//   chapter posts, list contacts, ledger rows) CASCADE with it;
// - rows that record who did something (authors of posts and notes) SET NULL, so deleting a user
//   never deletes the network's history;
// - a chapter's type RESTRICTs: types are data the code depends on;
// - an image a slot shows RESTRICTs: an image is never deleted under a slot (images.ts).
//
// The areas import one another in one direction only: accounts <- chapters <- events, content,
// applications <- mailing, aliases.
export * from './accounts';
export * from './chapters';
export * from './events';
export * from './content';
export * from './applications';
export * from './settings';
export * from './mailing';
export * from './mailingConfirm';
export * from './mailingCounts';
export * from './mailingSuppressions';
export * from './mailQueue';
export * from './aliases';
export * from './images';
export * from './legacyImport';
export * from './brevoMove';
export * from './rsvps';
