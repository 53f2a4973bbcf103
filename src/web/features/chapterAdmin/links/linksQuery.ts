import { z } from 'zod';
import { chapterLinkSchema } from '../../../../common/schemas/chapters';

/** The same key as the chapter page's links, so a save shows there at once. */
export const chapterLinksKey = (chapterId: number) => ['chapter-links', chapterId] as const;
export const linkListSchema = z.array(chapterLinkSchema);
