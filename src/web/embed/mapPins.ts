// The map frame's pins (issue 36): a state's, written into the page by the server with each
// chapter's link and next meeting; or the network's, read from the home map's compact answer
// (GET /api/chapters/map), whose pins know only their chapter's id, so a pin's window asks for
// the chapter when it opens, as the home map's do.
import { CHAPTER_TYPE_SUFFIX } from '../../common/constants';
import { decodeChapterMap } from '../../common/chapterMap';
import { meetingDay } from '../../common/embedMarkup';
import { formatTime } from '../../common/format';
import type { ChapterMap } from '../../common/schemas/chapterMap';

export interface Pin {
  title: string;
  lat: number;
  lng: number;
  typeId: number;
  /** The chapter's page and next meeting, when the server wrote them. */
  url?: string;
  next?: string;
  /** Otherwise the chapter's id, to ask for them. */
  id?: number;
}

/** The pins of this frame: in the page (a state's), or the network's. */
export async function loadPins(frame: HTMLElement | null): Promise<Pin[]> {
  const inPage = document.getElementById('pins');
  if (inPage) return JSON.parse(inPage.textContent || '[]') as Pin[];
  const type = Number(frame?.dataset.type) || null;
  // Our own answer, as the app's production build reads it (no schema in this small script).
  const res = await fetch('/api/chapters/map', { credentials: 'omit' });
  if (!res.ok) throw new Error(`The map's pins could not be read (${res.status})`);
  return decodeChapterMap((await res.json()) as ChapterMap)
    .filter((p) => type === null || p.chapterTypeId === type)
    .map((p) => ({
      id: p.id,
      title: `${p.typeName} ${CHAPTER_TYPE_SUFFIX} ${p.displayTitle}`,
      lat: p.lat,
      lng: p.lng,
      typeId: p.chapterTypeId,
    }));
}

/** What a pin's window needs of GET /api/chapter/id/{id}. */
interface ChapterAnswer {
  state: string;
  slug: string;
  upcoming: { eventId: number; date: string; startTime?: string }[];
  chapter_events: { id: number; name: string; startTime: string }[];
}

/** The chapter's page and next meeting, for a pin that has only its id. */
export async function pinDetails(id: number): Promise<{ url: string; next?: string }> {
  const res = await fetch(`/api/chapter/id/${id}`, { credentials: 'omit' });
  if (!res.ok) throw new Error(`The chapter could not be read (${res.status})`);
  const chapter = (await res.json()) as ChapterAnswer;
  const url = `${location.origin}/chapter/${chapter.state.toLowerCase()}/${chapter.slug}`;
  const [date] = chapter.upcoming;
  const event = date && chapter.chapter_events.find((e) => e.id === date.eventId);
  if (!date || !event) return { url };
  const time = formatTime(date.startTime ?? event.startTime);
  return { url, next: `${meetingDay(date.date)} · ${time} at ${event.name}` };
}

/** A pin's window, made of nodes: every text stays text. */
export function popupOf(pin: Pin): HTMLElement {
  const div = document.createElement('div');
  const heading = document.createElement('strong');
  if (pin.url) {
    const link = document.createElement('a');
    link.href = pin.url;
    link.target = '_blank';
    link.rel = 'noopener';
    link.textContent = pin.title;
    heading.append(link);
  } else heading.textContent = pin.title;
  div.append(heading);
  if (pin.next) {
    const line = document.createElement('div');
    line.textContent = `Next: ${pin.next}`;
    div.append(line);
  }
  return div;
}

/**
 * For a pin that knows only its chapter's id: asks for the chapter and fills `popup` in with its
 * link and next meeting. A chapter hidden since the map was built keeps its name alone.
 */
export async function fillPopup(pin: Pin, popup: HTMLElement): Promise<boolean> {
  if (pin.url || pin.id === undefined) return false;
  Object.assign(pin, await pinDetails(pin.id));
  popup.replaceChildren(...popupOf(pin).childNodes);
  return true;
}
