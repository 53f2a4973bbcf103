import Badge from 'react-bootstrap/Badge';
import { Link } from 'react-router';
import { formatMediumDate } from '../../../../common/format';
import type { PressMention } from '../../../../common/schemas/chapters';
import { QueryState } from '../../content/QueryState';
import { useAdminChapter } from '../useAdminChapter';
import { useChapterMentions } from './pressQuery';

/** Spec 2 §2 Press Mentions: all of the chapter's mentions, visible or not. */
export function PressMentionsScreen() {
  const { chapter, base } = useAdminChapter();
  const query = useChapterMentions(chapter.id);
  return (
    <section aria-labelledby="press-title">
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h1 id="press-title" className="h2 mb-0 me-auto">
          Press Mentions
        </h1>
        <Link to={`${base}/press_mentions/add`} className="btn btn-primary">
          Add Press Mention
        </Link>
      </div>
      <QueryState query={query} what="press mentions">
        {(mentions) =>
          mentions.length === 0 ? (
            <div className="card card-body">
              <p className="mb-0">
                No press mentions yet. Add an article about the chapter and, when it is visible, it
                shows on the chapter page.
              </p>
            </div>
          ) : (
            <ul className="list-unstyled">
              {mentions.map((m) => (
                <MentionItem
                  key={m.slug}
                  mention={m}
                  editPath={`${base}/press_mentions/edit/${m.slug}`}
                />
              ))}
            </ul>
          )
        }
      </QueryState>
    </section>
  );
}

function MentionItem({ mention, editPath }: { mention: PressMention; editPath: string }) {
  return (
    <li className="card mb-3">
      <div className="card-body d-flex flex-wrap gap-2 align-items-start">
        <div className="me-auto text-break">
          <h2 className="h5 mb-1">
            <a href={mention.url} target="_blank" rel="noopener noreferrer">
              {mention.title}
            </a>
          </h2>
          {mention.notes && <p className="mb-1">{mention.notes}</p>}
          <p className="small mb-0">
            {mention.isVisible ? (
              <Badge bg="success">Visible</Badge>
            ) : (
              <Badge bg="secondary">Hidden</Badge>
            )}{' '}
            <span className="text-body-secondary">
              Added <time dateTime={mention.createdAt}>{formatMediumDate(mention.createdAt)}</time>
            </span>
          </p>
        </div>
        <Link
          to={editPath}
          className="btn btn-outline-primary btn-sm"
          aria-label={`Edit ${mention.title}`}
        >
          Edit
        </Link>
      </div>
    </li>
  );
}
