import { Link } from 'react-router';
import { PressMentionItem } from '../../../components/press/PressMentionItem';
import { QueryState } from '../../../components/QueryState';
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
                <PressMentionItem
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
