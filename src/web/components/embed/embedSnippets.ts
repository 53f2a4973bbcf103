// The code a host pastes on their own site (issue 36): the widget's script and element, and the
// frame for sites that allow no script. Values are the site's own (a slug, a state, a type word),
// escaped all the same: the snippet is HTML.
import {
  EMBED_SCRIPT_PATH,
  MAP_FRAME_PATH,
  chapterFramePath,
  stateFramePath,
} from '../../../common/embedPaths';
import { escapeHtml } from '../../../common/escapeHtml';

export type EmbedTheme = 'light' | 'dark' | 'auto';

/** Whose meetings: one chapter (by slug), or a state's and/or a type's, or every chapter's. */
export interface EmbedScope {
  chapter?: string;
  state?: string;
  /** A chapter type's word: drinking, reading... */
  type?: string;
}

const attr = escapeHtml;

export function embedSnippets(
  origin: string,
  scope: EmbedScope,
  limit: number,
  theme: EmbedTheme,
): { script: string; frame: string | null } {
  const attributes = [
    scope.chapter && `chapter="${attr(scope.chapter)}"`,
    scope.state && `state="${attr(scope.state.toLowerCase())}"`,
    scope.type && `type="${attr(scope.type)}"`,
    `limit="${limit}"`,
    theme !== 'light' && `theme="${theme}"`,
  ].filter(Boolean);
  const script =
    `<script src="${attr(origin + EMBED_SCRIPT_PATH)}" async></script>\n` +
    `<chapters-events ${attributes.join(' ')}></chapters-events>`;
  const path = scope.chapter
    ? chapterFramePath(scope.chapter)
    : scope.state
      ? stateFramePath(scope.state)
      : null;
  if (!path) return { script, frame: null };
  const query = new URLSearchParams({ limit: String(limit) });
  if (scope.type && !scope.chapter) query.set('type', scope.type);
  if (theme !== 'light') query.set('theme', theme);
  const frame =
    `<iframe src="${attr(`${origin}${path}?${query.toString()}`)}" width="420" height="460" ` +
    `title="Upcoming meetings" loading="lazy" style="border:0;max-width:100%"></iframe>`;
  return { script, frame };
}

/** The map of a state's or a type's chapters (or every chapter's), in a frame. */
export function mapSnippet(origin: string, scope: EmbedScope): string {
  const query = new URLSearchParams();
  if (scope.state) query.set('state', scope.state.toLowerCase());
  if (scope.type) query.set('type', scope.type);
  const search = query.size > 0 ? `?${query.toString()}` : '';
  return (
    `<iframe src="${attr(`${origin}${MAP_FRAME_PATH}${search}`)}" width="600" height="450" ` +
    `title="Map of the chapters" loading="lazy" style="border:0;max-width:100%"></iframe>`
  );
}
