// The hosts' evening before (issue 34, item 5): "Tomorrow at The Dead Poet: 12 going", with the
// names, so the host can tell the venue and knows who to look for.
import { escapeHtml } from '../../../../common/escapeHtml';
import { link, meetingBlock, type MailContent, type Meeting } from './meeting';

export interface Guest {
  name: string;
  guests: number;
}

export function digestMail(
  m: Meeting,
  going: readonly Guest[],
  waiting: number,
  when: string,
  hostsUrl: string,
): MailContent {
  const count = going.reduce((n, g) => n + 1 + g.guests, 0);
  const names = going.map(
    (g) => `<li>${escapeHtml(g.name)}${g.guests > 0 ? ` + ${g.guests}` : ''}</li>`,
  );
  return {
    subject: `${when} at ${m.eventName}: ${count} going`,
    html: [
      meetingBlock(m),
      count === 0
        ? '<p>Nobody has said they are coming yet.</p>'
        : `<p>${count} going (guests counted):</p><ul>${names.join('')}</ul>`,
      waiting > 0 ? `<p>${waiting} more on the waitlist.</p>` : '',
      `<p>${link(hostsUrl, 'The guest list and check-in')}</p>`,
    ].join(''),
  };
}
