import { Link, useParams } from 'react-router';
import { useMention } from '../../../components/press/mentionQuery';
import { NEW_MENTION, PressMentionForm } from '../../../components/press/PressMentionForm';
import { QueryState } from '../../content/QueryState';
import { useAdminChapter } from '../useAdminChapter';
import { chapterPressKey } from './pressQuery';

/** Spec 2 §2 Press Mentions: add at press_mentions/add, edit at press_mentions/edit/{slug}. */
export function PressMentionFormScreen() {
  const { mentionSlug } = useParams();
  const { chapter, base } = useAdminChapter();
  const title = mentionSlug ? 'Edit Press Mention' : 'Add Press Mention';
  return (
    <section aria-labelledby="mention-title">
      <Link to={`${base}/press_mentions`} className="d-inline-block mb-2">
        ‹ All Press Mentions
      </Link>
      <div className="card">
        <div className="card-header">
          <h1 id="mention-title" className="h4 mb-0">
            {title}
          </h1>
        </div>
        <div className="card-body">
          {mentionSlug ? (
            <EditMention slug={mentionSlug} />
          ) : (
            <PressMentionForm
              initial={NEW_MENTION}
              chapterId={chapter.id}
              listPath={`${base}/press_mentions`}
              listKey={chapterPressKey(chapter.id)}
            />
          )}
        </div>
      </div>
    </section>
  );
}

function EditMention({ slug }: { slug: string }) {
  const { chapter, base } = useAdminChapter();
  const query = useMention(slug);
  return (
    <QueryState query={query} what="press mention">
      {(m) =>
        // A mention of another chapter (or of the whole network) is not this admin area's.
        m.chapterId === chapter.id ? (
          <PressMentionForm
            key={m.slug}
            slug={m.slug}
            chapterId={chapter.id}
            listPath={`${base}/press_mentions`}
            listKey={chapterPressKey(chapter.id)}
            initial={{ title: m.title, url: m.url, notes: m.notes, isVisible: m.isVisible }}
          />
        ) : (
          <p className="mb-0">This press mention belongs to another chapter.</p>
        )
      }
    </QueryState>
  );
}
