import { useId, useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Form from 'react-bootstrap/Form';
import { Link } from 'react-router';
import { CHAPTER_TYPE_SUFFIX } from '../../../../common/constants';
import type { ChapterSummary } from '../../../../common/schemas/chapters';
import { QueryState } from '../../../components/QueryState';
import { CHAPTERS_PATH, chapterPath, groupChapters, useAllChapters } from './chaptersQuery';

/** /admin/chapters (spec 2 §2): every chapter by state, with a filter and Add Chapter. */
export function ChaptersScreen() {
  const query = useAllChapters();
  const [filter, setFilter] = useState('');
  return (
    <section aria-labelledby="chapters-title">
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h1 id="chapters-title" className="h2 mb-0 me-auto">
          Chapters
        </h1>
        <Link to={`${CHAPTERS_PATH}/add`} className="btn btn-primary">
          Add Chapter
        </Link>
      </div>
      <Form.Group className="mb-3" controlId="chapters-filter">
        <Form.Label>Filter by title, city or state</Form.Label>
        <Form.Control
          type="search"
          autoComplete="off"
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
        />
      </Form.Group>
      <QueryState query={query} what="chapters">
        {(chapters) => {
          const groups = groupChapters(chapters, filter);
          const count = groups.reduce((n, g) => n + g.chapters.length, 0);
          return (
            <>
              <p className="text-body-secondary small" aria-live="polite">
                {count} of {chapters.length} chapters
                {` (${chapters.filter((c) => c.status !== 1).length} hidden)`}
              </p>
              {groups.length === 0 ? (
                <div className="card card-body">
                  <p className="mb-0">No chapters found</p>
                </div>
              ) : (
                groups.map((g) => (
                  <StateChapters key={g.state} name={g.name} chapters={g.chapters} />
                ))
              )}
            </>
          );
        }}
      </QueryState>
    </section>
  );
}

function StateChapters({ name, chapters }: { name: string; chapters: readonly ChapterSummary[] }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="mb-4">
      <h2 id={headingId} className="h5">
        {name}
      </h2>
      <ul className="list-group">
        {chapters.map((c) => (
          <li key={c.id} className="list-group-item d-flex flex-wrap gap-2 align-items-center">
            <div className="me-auto text-break">
              <Link to={chapterPath(c)} className="fw-semibold">
                {c.displayTitle}
              </Link>{' '}
              {c.status !== 1 && <Badge bg="secondary">Hidden</Badge>}
              <div className="small text-body-secondary">
                {c.chapter_type.name} {CHAPTER_TYPE_SUFFIX}, {c.city}
              </div>
            </div>
            <div className="d-flex gap-2">
              <Link to={`${chapterPath(c)}/admin`} className="btn btn-sm btn-outline-primary">
                Admin<span className="visually-hidden"> for {c.displayTitle}</span>
              </Link>
              <Link
                to={`${chapterPath(c)}/admin/settings`}
                className="btn btn-sm btn-outline-secondary"
              >
                Settings<span className="visually-hidden"> of {c.displayTitle}</span>
              </Link>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
