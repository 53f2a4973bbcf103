// State outlines for the state screen's map, from the Census shapes in `us-atlas`, as
// /assets/geo/{STATE}.geo.json. Converted from TopoJSON once, on first request.
import { createRequire } from 'node:module';
import { feature } from 'topojson-client';
import type { Topology, GeometryCollection } from 'topojson-specification';
import type { FeatureCollection } from 'geojson';
import { STATES } from '../../../common/states';

const require = createRequire(import.meta.url);
let outlines: Map<string, string> | null = null;

function build(): Map<string, string> {
  const topology = require('us-atlas/states-10m.json') as Topology<{
    states: GeometryCollection<{ name: string }>;
  }>;
  const states = feature(topology, topology.objects.states) as FeatureCollection;
  const abbrByName = new Map<string, string>(STATES.map(([abbr, name]) => [name, abbr]));
  const map = new Map<string, string>();
  for (const f of states.features) {
    const name = (f.properties as { name?: string } | null)?.name ?? '';
    const abbr = abbrByName.get(name);
    if (abbr)
      map.set(
        abbr,
        JSON.stringify({
          type: 'FeatureCollection',
          features: [{ ...f, properties: { name, abbr } }],
        }),
      );
  }
  return map;
}

/** The GeoJSON text of a state's outline, or undefined for an unknown abbreviation. */
export function stateOutline(abbr: string): string | undefined {
  outlines ??= build();
  return outlines.get(abbr.toUpperCase());
}
