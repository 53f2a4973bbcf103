// Spec 1 §2 (hosting rules): chapters with no email in two months are removed. The dashboard
// warns before that happens. A chapter's emails are published as its posts, so its last post
// date is the date of its last email.

const TWO_MONTHS_DAYS = 61;
const DAY_MS = 86_400_000;

export function emailOverdue(lastEmail: string | null, now: Date = new Date()): boolean {
  if (!lastEmail) return true;
  return now.getTime() - new Date(lastEmail).getTime() > TWO_MONTHS_DAYS * DAY_MS;
}
