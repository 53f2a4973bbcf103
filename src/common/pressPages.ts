// The address of a page of a public press list (schemas/pressPages.ts parses its query). Apart
// from the schemas, so that the screens that page a list take no zod onto a first load.

/**
 * The address of a page of the list at `path`, spelled one way only: the page drawn on the server
 * carries the screen's first answer under the very address the screen asks for.
 */
export function pressPagePath(path: string, offset: number, limit: number): string {
  return offset === 0 ? `${path}?limit=${limit}` : `${path}?offset=${offset}&limit=${limit}`;
}
