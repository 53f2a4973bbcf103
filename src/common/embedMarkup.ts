// The events list as another site shows it (issue 36): the same markup in the widget's shadow
// root (web/embed/widget.ts) and in the frames the server draws (modules/embed/frames.ts), so the
// two look alike and are escaped alike. Plain strings, no framework: the widget must stay small.
// Every value that came from a host or a chapter goes through `text` or `attr`.
import type { EmbedEvents } from './schemas/embed';
import { formatTime } from './format';
import { utcDateWithWeekday } from './calendarDate';
import { escapeHtml } from './escapeHtml';

/** Text in an element or an attribute: nothing in it can open a tag or close the attribute. */
export const text = escapeHtml;

/** A link's address: http(s) only, escaped; anything else goes nowhere. */
const href = (url: string) => (/^https?:\/\//i.test(url) ? text(url) : '#');

const MONTHS = 'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec'.split(' ');

export const NO_MEETINGS = 'No upcoming meetings';

/** 'Tue, Dec 1': a meeting's local date, its year left to the tile and the context. */
export const meetingDay = (date: string) =>
  utcDateWithWeekday(new Date(`${date}T00:00:00Z`), 'short').replace(/, \d{4}$/, '');

/** One meeting's tile and lines. `many`: the list holds several chapters, so each is named. */
function item(d: EmbedEvents['dates'][number], many: boolean): string {
  const day = new Date(`${d.date}T00:00:00Z`);
  const when = `${meetingDay(d.date)} · ${formatTime(d.startTime)}–${formatTime(d.endTime)}`;
  const going = d.going ? `<span class="going">${d.going} going</span>` : '';
  const moved = d.movedFrom ? '<span class="moved">New date</span>' : '';
  return (
    `<li><a class="item" href="${href(d.url)}" target="_blank" rel="noopener">` +
    `<span class="tile" style="--type:${text(/^#[0-9a-f]{6}$/i.test(d.chapter.color) ? d.chapter.color : '#1f5fa8')}" aria-hidden="true">` +
    `<span class="month">${MONTHS[day.getUTCMonth()] ?? ''}</span><span class="day">${day.getUTCDate()}</span></span>` +
    '<span class="lines">' +
    (many ? `<span class="chapter">${text(d.chapter.title)}</span>` : '') +
    `<span class="when">${text(when)}</span>` +
    `<span class="place">${text(d.place)}${d.address ? `, ${text(d.address)}` : ''}</span>` +
    (moved || going ? `<span class="meta">${moved}${going}</span>` : '') +
    '</span></a></li>'
  );
}

/**
 * The list, its heading and a link to the site. Null data (a wrong attribute, a hidden chapter,
 * a failed request) draws the empty list: a host page never breaks.
 */
export function drawEmbedList(data: EmbedEvents | null, siteName: string, loading = false): string {
  const dates = data?.dates ?? [];
  const many = new Set(dates.map((d) => d.chapter.url)).size > 1;
  const heading = data
    ? `<p class="title"><a href="${href(data.url)}" target="_blank" rel="noopener">${text(data.title)}</a></p>`
    : '';
  const body =
    dates.length === 0
      ? `<p class="empty">${loading ? 'Loading meetings…' : NO_MEETINGS}</p>`
      : `<ul>${dates.map((d) => item(d, many)).join('')}</ul>`;
  return `<div class="events">${heading}${body}<p class="by">${text(siteName)}</p></div>`;
}

/**
 * The list's look: light by default, dark with theme="dark", the reader's choice with "auto".
 * Colours are the site's own (web/theme). Sizes are in px, not rem: a host page's root font size
 * must neither blow the list up nor shrink it.
 */
export const EMBED_CSS = `
:host, .frame { display: block; --bg: #fff; --fg: #1d2733; --muted: #5b6573; --line: #dde2e8; --link: #1f5fa8; }
:host([theme="dark"]), .frame.dark { --bg: #151b22; --fg: #eef1f5; --muted: #a9b3bf; --line: #2c3540; --link: #8cb8f0; }
@media (prefers-color-scheme: dark) {
  :host([theme="auto"]), .frame.auto { --bg: #151b22; --fg: #eef1f5; --muted: #a9b3bf; --line: #2c3540; --link: #8cb8f0; }
}
.events { all: initial; display: block; box-sizing: border-box; background: var(--bg); color: var(--fg);
  font: 15px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; padding: 12px 14px; border: 1px solid var(--line); border-radius: 8px; }
.events * { box-sizing: border-box; }
.title { margin: 0 0 8px; font-weight: 700; font-size: 16px; }
.title a, .by { color: var(--fg); text-decoration: none; }
ul { list-style: none; margin: 0; padding: 0; }
li + li { border-top: 1px solid var(--line); }
.item { display: flex; gap: 12px; align-items: flex-start; padding: 10px 0; color: var(--fg); text-decoration: none; }
.item:hover .when, .item:focus .when { text-decoration: underline; }
.item:focus-visible { outline: 2px solid var(--link); outline-offset: 2px; }
.tile { flex: none; width: 48px; text-align: center; border-radius: 6px; overflow: hidden; border: 1px solid var(--line); background: var(--bg); }
.month { display: block; background: var(--type, #1f5fa8); color: #fff; font-size: 11px; font-weight: 700; text-transform: uppercase; letter-spacing: .05em; padding: 2px 0; }
.day { display: block; font-size: 20px; font-weight: 700; padding: 2px 0 4px; }
.lines { display: flex; flex-direction: column; min-width: 0; overflow-wrap: anywhere; }
.chapter { font-weight: 700; }
.when { color: var(--link); font-weight: 600; }
.place, .meta { color: var(--muted); font-size: 14px; }
.meta { display: flex; gap: 8px; }
.moved { font-weight: 700; }
.empty { margin: 4px 0; color: var(--muted); }
.by { margin: 8px 0 0; font-size: 12px; color: var(--muted); }
`;
