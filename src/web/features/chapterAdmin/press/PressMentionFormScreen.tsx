import { useParams } from 'react-router';
import { EditorScreen } from '../../../components/forms/EditorScreen';
import { useMention } from '../../../components/press/mentionQuery';
import { NEW_MENTION, PressMentionForm } from '../../../components/press/PressMentionForm';
import { QueryState } from '../../../components/QueryState';
import { useAdminChapter } from '../useAdminChapter';
import { chapterPressKey } from './pressQuery';

/** Spec 2 §2 Press Mentions: add at press_mentions/add, edit at press_mentions/edit/{slug}. */
export function PressMentionFormScreen() {
  const { mentionSlug } = useParams();
  const { chapter, base } = useAdminChapter();
  const title = mentionSlug ? 'Edit Press Mention' : 'Add Press Mention';
  return (
    <EditorScreen title={title} listPath={`${base}/press_mentions`} listLabel="All Press Mentions">
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
    </EditorScreen>
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
