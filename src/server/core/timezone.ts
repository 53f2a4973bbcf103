// The time zone a chapter meets in: from its event's coordinates when it has them (tz-lookup's
// embedded boundaries, no network), else the usual zone of its state.
import tzLookup from 'tz-lookup';

// prettier-ignore
// The zone most of each state lives in; states split between zones get their larger part.
const STATE_ZONES: Record<string, string> = {
  AL: 'America/Chicago', AK: 'America/Anchorage', AZ: 'America/Phoenix', AR: 'America/Chicago',
  CA: 'America/Los_Angeles', CO: 'America/Denver', CT: 'America/New_York', DE: 'America/New_York',
  DC: 'America/New_York', FL: 'America/New_York', GA: 'America/New_York', HI: 'Pacific/Honolulu',
  ID: 'America/Boise', IL: 'America/Chicago', IN: 'America/Indiana/Indianapolis', IA: 'America/Chicago',
  KS: 'America/Chicago', KY: 'America/New_York', LA: 'America/Chicago', ME: 'America/New_York',
  MD: 'America/New_York', MA: 'America/New_York', MI: 'America/Detroit', MN: 'America/Chicago',
  MS: 'America/Chicago', MO: 'America/Chicago', MT: 'America/Denver', NE: 'America/Chicago',
  NV: 'America/Los_Angeles', NH: 'America/New_York', NJ: 'America/New_York', NM: 'America/Denver',
  NY: 'America/New_York', NC: 'America/New_York', ND: 'America/Chicago', OH: 'America/New_York',
  OK: 'America/Chicago', OR: 'America/Los_Angeles', PA: 'America/New_York', PR: 'America/Puerto_Rico',
  RI: 'America/New_York', SC: 'America/New_York', SD: 'America/Chicago', TN: 'America/Chicago',
  TX: 'America/Chicago', UT: 'America/Denver', VT: 'America/New_York', VA: 'America/New_York',
  WA: 'America/Los_Angeles', WV: 'America/New_York', WI: 'America/Chicago', WY: 'America/Denver',
};

/** IANA zone for a place; 'UTC' when nothing is known (an International chapter without a map pin). */
export function timeZoneFor(lat: number, lng: number, state: string): string {
  if (lat && lng && Math.abs(lat) <= 90 && Math.abs(lng) <= 180) {
    try {
      return tzLookup(lat, lng);
    } catch {
      // fall through to the state's zone
    }
  }
  return STATE_ZONES[state.toUpperCase()] ?? 'UTC';
}

/** A chapter's zone: that of its first event with coordinates, else its state's. */
export function chapterTimeZone(
  chapter: { state: string },
  events: readonly { lat: number; lng: number }[],
): string {
  const placed = events.find((e) => e.lat && e.lng);
  return timeZoneFor(placed?.lat ?? 0, placed?.lng ?? 0, chapter.state);
}
