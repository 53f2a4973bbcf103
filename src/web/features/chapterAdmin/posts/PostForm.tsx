import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { useNavigate } from 'react-router';
import { CHAPTER_POST_LIMITS } from '../../../../common/schemas/chapterPosts';
import { chapterPostSchema } from '../../../answerSchemas';
import { apiSend } from '../../../api';
import { errorMessage } from '../../../components/forms/errorMessage';
import { RichTextEditor } from '../../../components/richText/RichTextEditor';
import { isEmptyRichText } from '../../../components/richText/isEmptyRichText';
import { useToast } from '../../../components/toasts';
import { SendConfirmDialog } from '../email/SendConfirmDialog';
import { useListSend } from '../email/useListSend';
import { useAdminChapter, useRefreshChapter } from '../useAdminChapter';
import { chapterPostKey, chapterPostsKey } from './postsQuery';

type Step = 'editing' | 'confirming' | 'saving';

interface Props {
  /** The post being changed; absent for a new one. */
  post?: { id: number; slug: string; title: string; body: string };
}

/**
 * A post's title and body in the editor Send Email uses. "Also email it to the list" starts
 * unticked; ticked, the post goes through Send Email's own send, asked first in the same dialog.
 */
export function PostForm({ post }: Props) {
  const { chapter, base } = useAdminChapter();
  const navigate = useNavigate();
  const toast = useToast();
  const queryClient = useQueryClient();
  const refreshChapter = useRefreshChapter();
  const { noList, send } = useListSend(chapter.id);
  const [title, setTitle] = useState(post?.title ?? '');
  const [body, setBody] = useState(post?.body ?? '');
  const [email, setEmail] = useState(false);
  const [touched, setTouched] = useState(false);
  const [step, setStep] = useState<Step>('editing');
  const [error, setError] = useState<string | null>(null);
  const listPath = `${base}/posts`;

  const titleMissing = title.trim() === '';
  const bodyMissing = isEmptyRichText(body);

  function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (titleMissing || bodyMissing || step !== 'editing') return;
    if (email && !noList) setStep('confirming');
    else void save(false);
  }

  async function savePost(): Promise<boolean> {
    try {
      await apiSend(
        'POST',
        '/api/chapter_blog_post',
        { id: post?.id, chapterId: chapter.id, title: title.trim(), body },
        !import.meta.env?.PROD && chapterPostSchema,
      );
      return true;
    } catch (err) {
      setError(errorMessage(err, 'The post could not be saved. Please try again.'));
      return false;
    }
  }

  async function save(emailIt: boolean) {
    setStep('saving');
    setError(null);
    let done: boolean;
    if (emailIt && !post) {
      // A new post and its email are one send: the server writes the post with the message.
      done = (await send({ title: title.trim(), body, post: true })) !== null;
    } else {
      done = await savePost();
      if (done && emailIt) done = (await send({ title: title.trim(), body, post: false })) !== null;
    }
    setStep('editing');
    if (!done) return;
    await queryClient.invalidateQueries({ queryKey: chapterPostsKey(chapter.id) });
    if (post) await queryClient.invalidateQueries({ queryKey: chapterPostKey(post.slug) });
    void refreshChapter();
    toast.show({
      type: 'success',
      title: 'Post saved',
      message: emailIt
        ? 'It is on the chapter page, and on its way to the members.'
        : 'It is on the chapter page.',
    });
    void navigate(listPath);
  }

  const editing = step === 'editing';
  return (
    <Form noValidate onSubmit={submit}>
      <Form.Group className="mb-3" controlId="post-title">
        <Form.Label>Title</Form.Label>
        <Form.Control
          value={title}
          maxLength={CHAPTER_POST_LIMITS.titleMax}
          onChange={(e) => setTitle(e.target.value)}
          onBlur={() => setTouched(true)}
          isInvalid={touched && titleMissing}
          disabled={!editing}
        />
        <Form.Control.Feedback type="invalid">Title is Required</Form.Control.Feedback>
      </Form.Group>
      <div className="mb-3">
        <p id="post-body-label" className="form-label mb-2">
          Post
        </p>
        <RichTextEditor
          initialValue={post?.body ?? ''}
          onChange={setBody}
          labelledBy="post-body-label"
          invalid={touched && bodyMissing}
        />
        {touched && bodyMissing && (
          <div className="invalid-feedback d-block">Write the post before saving.</div>
        )}
      </div>
      <Form.Group className="mb-3" controlId="post-email">
        <Form.Check
          type="checkbox"
          label="Also email it to the list"
          checked={email}
          onChange={(e) => setEmail(e.target.checked)}
          disabled={!editing || noList}
          aria-describedby="post-email-help"
        />
        <Form.Text id="post-email-help">
          {noList
            ? 'This chapter has no mailing list yet, so the post is not emailed.'
            : 'Ticked, every active member gets it as an email, as from Send Email.'}
        </Form.Text>
      </Form.Group>
      {error && (
        <Alert variant="danger" role="alert">
          {error}
        </Alert>
      )}
      <Button type="submit" disabled={!editing}>
        {step === 'saving' && (
          <Spinner as="span" animation="border" size="sm" className="me-2" aria-hidden="true" />
        )}
        {step === 'saving' ? 'Saving...' : email ? 'Save and email' : 'Save'}
      </Button>
      <SendConfirmDialog
        show={step === 'confirming'}
        chapterId={chapter.id}
        chapterTitle={chapter.title}
        emailTitle={title.trim()}
        busy={false}
        onConfirm={() => void save(true)}
        onCancel={() => setStep('editing')}
      />
    </Form>
  );
}
