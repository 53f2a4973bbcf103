// The slug records take from their titles: applications, events, press mentions and chapter
// posts name themselves alike.
/** Lower-case ASCII words joined by dashes: 'São Paulo' -> 'sao-paulo'. */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
}

/**
 * The network's pattern for a chapter's slug: its type's name, "liberally", its place
 * ('reading-liberally-nashville'), as the directory's chapters are named. A chapter made from a
 * host application takes it (issue 35); a clash steps on as any slug does (-2, -3...). Never a
 * reserved word (common/reservedSlugs.ts): it always starts with the type.
 */
export function networkChapterSlug(typeName: string, place: string): string {
  return slugify(`${typeName} liberally ${place}`);
}
