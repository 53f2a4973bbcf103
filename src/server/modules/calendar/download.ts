/** Offered as a download named after its slug; calendar apps keep a visitor's one 15 min. */
export function asDownload(slug: string) {
  return {
    cacheControl: 'public, max-age=900',
    headers: {
      'content-disposition': `attachment; filename="${slug.replace(/[^a-z0-9_-]/gi, '')}.ics"`,
    },
  };
}
