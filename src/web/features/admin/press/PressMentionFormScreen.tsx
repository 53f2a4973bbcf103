import { Link, useParams } from 'react-router';
import { useMention } from '../../../components/press/mentionQuery';
import { NEW_MENTION, PressMentionForm } from '../../../components/press/PressMentionForm';
import { QueryState } from '../../content/QueryState';
import { NETWORK_CHAPTER_ID, PRESS_LIST_PATH, networkPressKey } from './networkPressQuery';

/** /admin/press_mentions/add and edit/{slug}: a mention of the whole network. */
export function PressMentionFormScreen() {
  const { slug } = useParams();
  const title = slug ? 'Edit Press Mention' : 'Add Press Mention';
  return (
    <section aria-labelledby="mention-title">
      <Link to={PRESS_LIST_PATH} className="d-inline-block mb-2">
        ‹ All Press Mentions
      </Link>
      <div className="card">
        <div className="card-header">
          <h1 id="mention-title" className="h4 mb-0">
            {title}
          </h1>
        </div>
        <div className="card-body">
          {slug ? (
            <EditMention slug={slug} />
          ) : (
            <PressMentionForm
              initial={NEW_MENTION}
              chapterId={NETWORK_CHAPTER_ID}
              listPath={PRESS_LIST_PATH}
              listKey={networkPressKey}
            />
          )}
        </div>
      </div>
    </section>
  );
}

function EditMention({ slug }: { slug: string }) {
  const query = useMention(slug);
  return (
    <QueryState query={query} what="press mention">
      {(m) =>
        m.chapter ? (
          <p className="mb-0">
            This press mention is about {m.chapter.displayTitle}: edit it in{' '}
            <Link
              to={`/chapter/${m.chapter.state.toLowerCase()}/${m.chapter.slug}/admin/press_mentions/edit/${m.slug}`}
            >
              that chapter&apos;s admin tools
            </Link>
            .
          </p>
        ) : (
          <PressMentionForm
            key={m.slug}
            slug={m.slug}
            chapterId={NETWORK_CHAPTER_ID}
            listPath={PRESS_LIST_PATH}
            listKey={networkPressKey}
            initial={{ title: m.title, url: m.url, notes: m.notes, isVisible: m.isVisible }}
          />
        )
      }
    </QueryState>
  );
}
