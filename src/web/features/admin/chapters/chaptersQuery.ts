import { useQuery } from '@tanstack/react-query';
import { chapterSummaryListSchema } from '../../../answerSchemas';
import type { ChapterSummary } from '../../../../common/schemas/chapters';
import { stateName } from '../../../../common/states';
import { apiGet } from '../../../api';

export const CHAPTERS_PATH = '/admin/chapters';
export const adminChaptersKey = ['admin-chapters'] as const;

/** Every chapter, hidden ones too (the server answers admins with all of them). */
export function useAllChapters() {
  return useQuery({
    queryKey: adminChaptersKey,
    queryFn: () => apiGet('/api/chapters', !import.meta.env?.PROD && chapterSummaryListSchema),
  });
}

export interface StateGroup {
  state: string;
  name: string;
  chapters: ChapterSummary[];
}

/**
 * Spec 2 §2: chapters whose title, city or state holds `filter`, grouped by state (by the
 * state's name) and sorted by title within each.
 */
export function groupChapters(chapters: readonly ChapterSummary[], filter: string): StateGroup[] {
  const needle = filter.trim().toLowerCase();
  const groups = new Map<string, StateGroup>();
  for (const c of chapters) {
    const name = stateName(c.state) ?? (c.state || 'International');
    const haystack = `${c.displayTitle} ${c.title} ${c.city} ${c.state} ${name}`.toLowerCase();
    if (needle && !haystack.includes(needle)) continue;
    const group = groups.get(c.state) ?? { state: c.state, name, chapters: [] };
    group.chapters.push(c);
    groups.set(c.state, group);
  }
  const byTitle = (a: ChapterSummary, b: ChapterSummary) =>
    a.displayTitle.localeCompare(b.displayTitle, 'en', { sensitivity: 'base' });
  return [...groups.values()]
    .map((g) => ({ ...g, chapters: g.chapters.sort(byTitle) }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en'));
}

export const chapterPath = (c: Pick<ChapterSummary, 'state' | 'slug'>) =>
  `/chapter/${c.state.toLowerCase()}/${c.slug}`;
