import type { ReactNode } from 'react';
import Badge from 'react-bootstrap/Badge';
import { Link } from 'react-router';
import { formatMediumDate } from '../../../../common/format';
import { QueryState } from '../../../components/QueryState';
import { BLOG, PAGES, WIKI } from './contentKinds';
import { useContentList } from './contentQuery';

interface Row {
  title: string;
  slug: string;
  isPublic: boolean;
  /** What else the list shows of it: author and date, the slug... */
  details: ReactNode;
}

function ContentList({
  kind,
  rows,
}: {
  kind: typeof BLOG | typeof PAGES | typeof WIKI;
  rows: readonly Row[];
}) {
  if (rows.length === 0) {
    return (
      <div className="card card-body">
        <p className="mb-0">No {kind.plural.toLowerCase()} yet.</p>
      </div>
    );
  }
  return (
    <ul className="list-group">
      {rows.map((r) => (
        <li key={r.slug} className="list-group-item d-flex flex-wrap gap-2 align-items-center">
          <div className="me-auto text-break">
            <span className="fw-semibold">{r.title}</span>{' '}
            {r.isPublic ? (
              <Badge bg="success">Public</Badge>
            ) : (
              <Badge bg="secondary">Private</Badge>
            )}
            <div className="small text-body-secondary">{r.details}</div>
          </div>
          <div className="d-flex gap-2">
            <Link to={kind.viewPath(r.slug)} className="btn btn-sm btn-outline-secondary">
              View<span className="visually-hidden"> {r.title}</span>
            </Link>
            <Link
              to={`${kind.adminPath}/edit/${r.slug}`}
              className="btn btn-sm btn-outline-primary"
            >
              Edit<span className="visually-hidden"> {r.title}</span>
            </Link>
          </div>
        </li>
      ))}
    </ul>
  );
}

function ListHeader({ kind }: { kind: typeof BLOG | typeof PAGES | typeof WIKI }) {
  return (
    <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
      <h1 id={`${kind.key}-list-title`} className="h2 mb-0 me-auto">
        {kind.plural}
      </h1>
      <Link to={`${kind.adminPath}/add`} className="btn btn-primary">
        Add {kind.name}
      </Link>
    </div>
  );
}

/** /admin/blog: posts, newest first, with author, date, slug and whether public. */
export function BlogListScreen() {
  const query = useContentList(BLOG);
  return (
    <section aria-labelledby="blog-list-title">
      <ListHeader kind={BLOG} />
      <QueryState query={query} what="blog posts">
        {(posts) => (
          <ContentList
            kind={BLOG}
            rows={posts.map((p) => ({
              ...p,
              details: (
                <>
                  {p.user?.name ?? 'A former user'} ·{' '}
                  <time dateTime={p.createdAt}>{formatMediumDate(p.createdAt)}</time> · {p.slug}
                </>
              ),
            }))}
          />
        )}
      </QueryState>
    </section>
  );
}

/** /admin/pages: pages by title, with their slugs. */
export function PagesListScreen() {
  const query = useContentList(PAGES);
  return (
    <section aria-labelledby="page-list-title">
      <ListHeader kind={PAGES} />
      <QueryState query={query} what="pages">
        {(pages) => (
          <ContentList kind={PAGES} rows={pages.map((p) => ({ ...p, details: p.slug }))} />
        )}
      </QueryState>
    </section>
  );
}

/** /admin/wiki: wiki pages by title, public or private. */
export function WikiListScreen() {
  const query = useContentList(WIKI);
  return (
    <section aria-labelledby="wiki-list-title">
      <ListHeader kind={WIKI} />
      <QueryState query={query} what="wiki pages">
        {(pages) => (
          <ContentList
            kind={WIKI}
            rows={[...pages]
              .sort((a, b) => a.title.localeCompare(b.title, 'en'))
              .map((p) => ({
                ...p,
                details: (
                  <>
                    {p.slug}
                    {!p.isEditable && ' · not editable here'}
                  </>
                ),
              }))}
          />
        )}
      </QueryState>
    </section>
  );
}
