/** The same key as the chapter page's links, so a save shows there at once. */
export const chapterLinksKey = (chapterId: number) => ['chapter-links', chapterId] as const;
