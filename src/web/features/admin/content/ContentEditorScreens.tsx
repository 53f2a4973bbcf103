import { Link, useParams } from 'react-router';
import { QueryState } from '../../../components/QueryState';
import { BLOG, PAGES, WIKI, type AnyKind } from './contentKinds';
import { ContentEditorForm } from './ContentEditorForm';
import { useContentItem } from './contentQuery';

/** Add at {kind}/add, edit at {kind}/edit/{slug}: one screen for both (spec 2 Editor screens). */
function ContentEditorScreen({ kind }: { kind: AnyKind }) {
  const { slug } = useParams();
  const title = `${slug ? 'Edit' : 'Add'} ${kind.name}`;
  return (
    <section aria-labelledby="editor-title">
      <Link to={kind.adminPath} className="d-inline-block mb-2">
        ‹ All {kind.plural}
      </Link>
      <h1 id="editor-title" className="h2">
        {title}
      </h1>
      {slug ? <EditItem kind={kind} slug={slug} /> : <ContentEditorForm kind={kind} />}
    </section>
  );
}

function EditItem({ kind, slug }: { kind: AnyKind; slug: string }) {
  const query = useContentItem(kind, slug);
  return (
    <QueryState query={query} what={kind.name.toLowerCase()}>
      {(item) => <ContentEditorForm key={item.id} kind={kind} item={item} />}
    </QueryState>
  );
}

export const BlogEditorScreen = () => <ContentEditorScreen kind={BLOG} />;
export const PageEditorScreen = () => <ContentEditorScreen kind={PAGES} />;
export const WikiEditorScreen = () => <ContentEditorScreen kind={WIKI} />;
