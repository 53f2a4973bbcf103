import { useQuery } from '@tanstack/react-query';
import type { GeoJsonObject } from 'geojson';

/** The state's outline (spec 1 §7 Static); malformed or missing data is only logged (§8). */
export function useStateOutline(abbr: string) {
  return useQuery({
    queryKey: ['outline', abbr],
    // A static file that only the map draws: never read where the screen is drawn on the server.
    enabled: abbr !== 'INT' && typeof window !== 'undefined',
    staleTime: Infinity,
    queryFn: async (): Promise<GeoJsonObject | null> => {
      try {
        const res = await fetch(`/assets/geo/${abbr}.geo.json`);
        if (!res.ok) return null;
        const data = (await res.json()) as GeoJsonObject;
        return data.type === 'FeatureCollection' ? data : null;
      } catch (err) {
        console.warn('State outline could not be read', err);
        return null;
      }
    },
  });
}
