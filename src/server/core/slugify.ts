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
