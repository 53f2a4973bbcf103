import Badge from 'react-bootstrap/Badge';
import { Link } from 'react-router';
import { formatMediumDate } from '../../../common/format';
import type { PressMention } from '../../../common/schemas/chapters';

/** One mention in an admin list: its link, notes, visibility, date and an Edit button. */
export function PressMentionItem({
  mention,
  editPath,
}: {
  mention: PressMention;
  editPath: string;
}) {
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
