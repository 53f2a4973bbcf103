import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import { chapterSchema } from '../../../answerSchemas';
import { apiSend } from '../../../api';
import { errorMessage } from '../../../components/forms/errorMessage';
import { SaveButton } from '../../../components/forms/SaveButton';
import { useSaveState } from '../../../components/forms/useSaveState';
import { RichTextEditor } from '../../../components/richText/RichTextEditor';
import { useAdminChapter, useRefreshChapter } from '../useAdminChapter';
import { HeaderImage } from './HeaderImage';

/** Spec 2 §2 Page Content: the chapter's about text, saved through the chapter, and its image. */
export function PageContentScreen() {
  const { chapter } = useAdminChapter();
  const refresh = useRefreshChapter();
  const save = useSaveState();
  const [about, setAbout] = useState(chapter.about);
  const [failure, setFailure] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    try {
      const saved = await save.run(() =>
        apiSend(
          'POST',
          '/api/chapter',
          { id: chapter.id, about },
          !import.meta.env?.PROD && chapterSchema,
        ),
      );
      await refresh(saved);
    } catch (err) {
      setFailure(errorMessage(err));
    }
  }

  return (
    <section aria-labelledby="content-title">
      <h1 id="content-title" className="h2">
        Page Content
      </h1>
      <HeaderImage
        chapterId={chapter.id}
        imageUrl={chapter.headerImageUrl ?? null}
        onChange={() => refresh()}
      />
      <Form onSubmit={(e) => void submit(e)} className="card card-body">
        <h2 id="about-label" className="h5">
          About the chapter
        </h2>
        <p className="text-body-secondary small">Shown at the top of the chapter page.</p>
        <div className="mb-3">
          <RichTextEditor
            initialValue={chapter.about}
            onChange={setAbout}
            labelledBy="about-label"
          />
        </div>
        {failure && (
          <Alert variant="danger" role="alert">
            {failure}
          </Alert>
        )}
        <div>
          <SaveButton state={save.state} />
        </div>
      </Form>
    </section>
  );
}
