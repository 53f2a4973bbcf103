// A new chapter's way to going live (issue 35, item 6): the steps its setup checklist shows,
// in order, and whose each is. The host's four are those the new host's welcome lists
// (chapters/hostMails.ts); then a field organizer or an admin (policy.ts: those who
// may save Chapter Settings) gives it its address and makes it active. The server
// decides which are done (chapters/setup.ts); this file only names them, for both sides.

export const SETUP_STEPS = [
  { key: 'about', who: 'host', title: 'About text' },
  { key: 'headerImage', who: 'host', title: 'A header image' },
  { key: 'firstEvent', who: 'host', title: 'The first event' },
  { key: 'mailingList', who: 'host', title: 'The mailing list' },
  { key: 'emailAlias', who: 'admin', title: 'The chapter’s email address' },
  { key: 'active', who: 'admin', title: 'Made active' },
] as const;

export type SetupStepKey = (typeof SETUP_STEPS)[number]['key'];
export type SetupDone = Record<SetupStepKey, boolean>;

/** The steps that are the host's: Make active waits for them. */
export const HOST_SETUP_STEPS: readonly SetupStepKey[] = SETUP_STEPS.filter(
  (s) => s.who === 'host',
).map((s) => s.key);

/** The host's part is done: every host step is. */
export const hostPartDone = (done: SetupDone): boolean =>
  HOST_SETUP_STEPS.every((key) => done[key]);

/** The host's steps not done yet, by their titles ('About text, A header image'). */
export const hostStepsLeft = (done: SetupDone): string[] =>
  SETUP_STEPS.filter((s) => s.who === 'host' && !done[s.key]).map((s) => s.title);
