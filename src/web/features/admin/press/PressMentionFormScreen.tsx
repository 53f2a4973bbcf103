import { Link, useParams } from 'react-router';
import { EditorScreen } from '../../../components/forms/EditorScreen';
import { useMention } from '../../../components/press/mentionQuery';
import { NEW_MENTION, PressMentionForm } from '../../../components/press/PressMentionForm';
import { QueryState } from '../../../components/QueryState';
import { NETWORK_CHAPTER_ID, PRESS_LIST_PATH, networkPressKey } from './networkPressQuery';

/** /admin/press_mentions/add and edit/{slug}: a mention of the whole network. */
export function PressMentionFormScreen() {
  const { slug } = useParams();
  const title = slug ? 'Edit Press Mention' : 'Add Press Mention';
  return (
    <EditorScreen title={title} listPath={PRESS_LIST_PATH} listLabel="All Press Mentions">
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
    </EditorScreen>
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
