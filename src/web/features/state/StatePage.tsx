import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { MAP } from '../../../common/constants';
import { stateChapterListSchema } from '../../answerSchemas';
import { stateName } from '../../../common/states';
import { apiGet } from '../../api';
import { PageSpinner } from '../../components/PageSpinner';
import { LazyChapterMap, type MapPin } from '../../components/map/LazyChapterMap';
import { ChapterCardList, ChapterListItem } from '../../components/cards/ChapterListItem';
import { SubscribeLink } from '../../components/calendar/SubscribeLink';
import { PressMentionList } from '../../components/press/PressMentionList';
import { TypeFilterChips } from './TypeFilterChips';
import { MapLegend } from '../../components/map/MapLegend';
import { LazyChapterPinDetails } from '../../components/chapterPin/LazyChapterPinDetails';
import { useStateOutline } from './useStateOutline';
import { LoadFailedAlert } from '../../components/LoadFailedAlert';
import { useReaderKey } from '../../hooks/useReaderKey';

// Alaska's outline crosses the date line; a fixed centre shows it whole (spec 1 §2).
const ALASKA = { center: [63.5, -150] as [number, number], zoom: 4 };
const DEFAULT_VIEW = {
  center: [MAP.stateCenter.lat, MAP.stateCenter.lng] as [number, number],
  zoom: MAP.stateZoom,
};

/** Spec 1 §2 State screen. */
export function StatePage() {
  const { state = '' } = useParams();
  const abbr = state.toUpperCase();
  const name = stateName(abbr);
  const readerKey = useReaderKey();
  // Hidden chapters are listed to their hosts and admins: their own list, not the page's.
  const chapters = useQuery({
    queryKey: readerKey(['chapters', 'state', state]),
    enabled: !!name,
    queryFn: () =>
      apiGet(
        `/api/chapters/state/${state.toLowerCase()}`,
        !import.meta.env?.PROD && stateChapterListSchema,
      ),
  });
  const outline = useStateOutline(abbr);
  const [hidden, setHidden] = useState<Set<number>>(new Set());

  const types = useMemo(() => {
    const byId = new Map((chapters.data ?? []).map((c) => [c.chapter_type.id, c.chapter_type]));
    return [...byId.values()].sort((a, b) => a.id - b.id);
  }, [chapters.data]);
  const shown = (chapters.data ?? []).filter((c) => !hidden.has(c.chapterTypeId));
  // A pin's window loads its chapter when first opened, for the event's next date.
  const pins: MapPin[] = shown.flatMap((c) =>
    c.chapter_events
      .filter((e) => e.lat !== 0 || e.lng !== 0)
      .map((e) => ({
        key: `${c.id}-${e.id}`,
        lat: e.lat,
        lng: e.lng,
        chapterTypeId: c.chapterTypeId,
        label: `${c.displayTitle}: ${e.name}`,
        popup: <LazyChapterPinDetails chapterId={c.id} eventId={e.id} />,
      })),
  );

  if (!name) {
    return (
      <section>
        <h1>State not found</h1>
        <p>
          There is no state called “{state}”. <Link to="/">Choose one from the home page.</Link>
        </p>
      </section>
    );
  }
  const toggle = (typeId: number) =>
    setHidden((prev) => {
      const next = new Set(prev);
      if (!next.delete(typeId)) next.add(typeId);
      return next;
    });

  // One type shown of several: the feed of that type; otherwise the state's whole feed.
  const shownTypes = types.filter((t) => !hidden.has(t.id));
  const feedQuery = types.length > 1 && shownTypes.length === 1 ? `?type=${shownTypes[0]!.id}` : '';
  const feedPath = `/api/chapter_calendar/state/${state.toLowerCase()}/events.ics${feedQuery}`;

  // The chapters lead (issue 25): each card with its next meeting; the map, then the press below.
  return (
    <section aria-labelledby="state-title">
      <div className="d-flex flex-wrap align-items-center gap-3 mb-3">
        <h1 id="state-title" className="me-auto mb-0">
          {name}
        </h1>
        <Link to="/intro_start_chapter" className="btn btn-primary">
          Start One
        </Link>
      </div>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <h2 className="h4 me-auto mb-0">Chapters</h2>
        {chapters.data && chapters.data.length > 0 && (
          <SubscribeLink feedPath={feedPath}>Subscribe to {name}’s calendar</SubscribeLink>
        )}
      </div>
      {chapters.isPending && <PageSpinner label="Loading chapters..." />}
      {chapters.isError && (
        <LoadFailedAlert what="chapters" onRetry={() => void chapters.refetch()} />
      )}
      {chapters.data?.length === 0 && (
        <p>
          No chapters in {name} yet. <Link to="/intro_start_chapter">Start one!</Link>
        </p>
      )}
      <TypeFilterChips types={types} hidden={hidden} onToggle={toggle} />
      <ChapterCardList>
        {shown.map((c) => (
          <ChapterListItem key={c.id} chapter={c} />
        ))}
      </ChapterCardList>
      <h2 className="h4 mt-4">Map</h2>
      <div className="mb-4">
        <LazyChapterMap
          // International has no outline to frame: the map fits its chapters' pins instead.
          view={abbr === 'AK' ? ALASKA : abbr === 'INT' ? null : DEFAULT_VIEW}
          outline={abbr === 'AK' ? null : (outline.data ?? null)}
          pins={pins}
          label={`Map of chapters in ${name}`}
        />
        <MapLegend typeIds={types.map((t) => t.id)} />
      </div>
      <PressMentionList
        title={`${name} in the Press`}
        path={`/api/press_mention/public/state/${state.toLowerCase()}`}
        hideWhenEmpty
      />
    </section>
  );
}
