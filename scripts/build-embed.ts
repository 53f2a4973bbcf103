// The events widget's script (src/web/embed/widget.ts) as dist/web/embed.js: one small file
// other sites load by that fixed name (no hash: their pages name it), built apart from the app
// so that it carries none of it (under 15 KB gzip: issue 36). The map frame's script and style
// likewise, as dist/web/embed/map.js (and its Leaflet chunk) and map.css.
import path from 'node:path';
import { build, type BuildOptions } from 'esbuild';

const common: BuildOptions = {
  bundle: true,
  minify: true,
  target: ['es2022'],
  legalComments: 'none',
  logLevel: 'warning',
};

export async function buildEmbed(root: string): Promise<void> {
  const src = (file: string) => path.join(root, 'src/web/embed', file);
  const out = (file: string) => path.join(root, 'dist/web', file);
  await Promise.all([
    build({ ...common, entryPoints: [src('widget.ts')], outfile: out('embed.js'), format: 'iife' }),
    // The map frame's script and style (/embed/map): Leaflet with the site's pins, apart from
    // the app too. The script is a module: its start (the map's picture) is small, and Leaflet
    // comes in a chunk it imports when the reader reaches for the map (docs/decisions/23).
    // Leaflet's few images go inline into its style.
    build({
      ...common,
      entryPoints: { map: src('mapFrame.ts') },
      outdir: out('embed'),
      format: 'esm',
      splitting: true,
      chunkNames: 'map-[name]-[hash]',
    }),
    build({
      ...common,
      entryPoints: [src('mapFrame.css')],
      outfile: out('embed/map.css'),
      loader: { '.png': 'dataurl', '.svg': 'dataurl' },
    }),
  ]);
}
