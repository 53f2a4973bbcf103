// The events widget's script (src/web/embed/widget.ts) as dist/web/embed.js: one small file
// other sites load by that fixed name (no hash: their pages name it), built apart from the app
// so that it carries none of it. bench:size prints its gzip size (under 15 KB: issue 36).
import path from 'node:path';
import { build } from 'esbuild';

export async function buildEmbed(root: string): Promise<void> {
  await build({
    entryPoints: [path.join(root, 'src/web/embed/widget.ts')],
    outfile: path.join(root, 'dist/web/embed.js'),
    bundle: true,
    minify: true,
    format: 'iife',
    target: ['es2022'],
    legalComments: 'none',
    logLevel: 'warning',
  });
}
