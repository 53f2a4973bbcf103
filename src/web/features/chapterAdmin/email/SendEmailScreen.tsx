import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { Link } from 'react-router';
import {
  chapterListIdSchema,
  emailPreviewSchema,
  sendMessageAnswerSchema,
  testMessageAnswerSchema,
} from '../../../answerSchemas';
import { ApiError, apiGet, apiSend } from '../../../api';
import { PageSpinner } from '../../../components/PageSpinner';
import { errorMessage } from '../../../components/forms/errorMessage';
import { RichTextEditor } from '../../../components/richText/RichTextEditor';
import { useToast } from '../../../components/toasts';
import { isEmptyRichText } from '../../../components/richText/isEmptyRichText';
import { useAdminChapter, useRefreshChapter } from '../useAdminChapter';
import { EmailPreviewDialog, type PreviewState } from './EmailPreviewDialog';
import { EmailSent, type SentEmail } from './EmailSent';
import { RecipientCount } from './RecipientCount';
import { SendList } from '../sends/SendList';
import { sendsKey } from '../sends/useChapterSends';
import {
  EMAIL_CONFIRM,
  EMAIL_PREPARATION_FAILED,
  EMAIL_PREPARATION_MESSAGE,
  EMAIL_SEND_FAILED,
  EMAIL_SENT,
  sendFailureMessage,
} from './sendFailure';

type Step = 'editing' | 'sending';

export const TEST_EMAIL_FAILED = 'Test Email Failed';

/**
 * Spec 2 §2 Send Email: title and body to everyone on the chapter's list, and published as a
 * chapter post unless the host unticks it. Before sending: how many members it reaches, a
 * preview of a member's copy, and a test to the host's own address.
 */
export function SendEmailScreen() {
  const { chapter, base, publicPath } = useAdminChapter();
  const toast = useToast();
  const refreshChapter = useRefreshChapter();
  const queryClient = useQueryClient();
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [touched, setTouched] = useState(false);
  const [step, setStep] = useState<Step>('editing');
  const [post, setPost] = useState(true);
  const [preview, setPreview] = useState<PreviewState | null>(null);
  const [testing, setTesting] = useState(false);
  const [sent, setSent] = useState<SentEmail | null>(null);
  // A new editor for another email: the rich-text editor takes its value once, on mount.
  const [draft, setDraft] = useState(0);
  const listQuery = useQuery({
    queryKey: ['chapterListId', chapter.id],
    queryFn: () =>
      apiGet(
        `/api/mailing_list/chapter_list_id/${chapter.id}`,
        !import.meta.env?.PROD && chapterListIdSchema,
      ),
  });

  const titleMissing = title.trim() === '';
  const bodyMissing = isEmptyRichText(body);
  const draftPath = (what: string) => `/api/mailing_list/chapter/${chapter.id}/${what}`;

  /** Shows what is missing; true when title and body are there to use. */
  function draftComplete(): boolean {
    setTouched(true);
    return !titleMissing && !bodyMissing;
  }

  async function openPreview() {
    if (!draftComplete()) return;
    setPreview({ step: 'loading' });
    try {
      const answer = await apiSend(
        'POST',
        draftPath('preview'),
        { title: title.trim(), body },
        !import.meta.env?.PROD && emailPreviewSchema,
      );
      setPreview({ step: 'ready', preview: answer });
    } catch (err) {
      setPreview({
        step: 'failed',
        message: errorMessage(err, 'The preview could not be made. Please try again.'),
      });
    }
  }

  async function sendTest() {
    if (!draftComplete() || testing) return;
    setTesting(true);
    try {
      const { to } = await apiSend(
        'POST',
        draftPath('test_message'),
        { title: title.trim(), body },
        !import.meta.env?.PROD && testMessageAnswerSchema,
      );
      toast.show({ type: 'success', title: 'Test email sent', message: `A test went to ${to}.` });
    } catch (err) {
      const status = err instanceof ApiError ? err.status : -1;
      // Too many tests: the server's words say how long to wait.
      const message = status === 429 ? errorMessage(err) : sendFailureMessage(status);
      toast.show({ type: 'error', title: TEST_EMAIL_FAILED, message });
    } finally {
      setTesting(false);
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!draftComplete() || step !== 'editing') return;
    if (!window.confirm(EMAIL_CONFIRM)) return;
    setStep('sending');
    let listId: string | null;
    try {
      listId = (await listQuery.refetch({ throwOnError: true })).data?.listId ?? null;
    } catch {
      toast.show({
        type: 'error',
        title: EMAIL_PREPARATION_FAILED,
        message: EMAIL_PREPARATION_MESSAGE,
      });
      return setStep('editing');
    }
    try {
      if (!listId) throw new ApiError(404, { statusCode: 404, error: 'Not Found', message: '' });
      const answer = await apiSend(
        'POST',
        '/api/mailing_list/send_message',
        { title: title.trim(), body, listId, post },
        !import.meta.env?.PROD && sendMessageAnswerSchema,
      );
      setSent({ title: title.trim(), answer });
      setStep('editing');
      toast.show({ type: 'success', title: 'Email sent', message: EMAIL_SENT });
      // The dashboard's last email, and the chapter page's posts.
      void refreshChapter();
      // The new send in the list below, watched while it runs.
      void queryClient.invalidateQueries({ queryKey: sendsKey(chapter.id) });
    } catch (err) {
      const status = err instanceof ApiError ? err.status : -1;
      toast.show({ type: 'error', title: EMAIL_SEND_FAILED, message: sendFailureMessage(status) });
      setStep('editing');
    }
  }

  function writeAnother() {
    setSent(null);
    setTitle('');
    setBody('');
    setTouched(false);
    setPost(true);
    setDraft((n) => n + 1);
  }

  if (listQuery.isPending) return <PageSpinner label="Loading the chapter's list..." />;
  const noList = listQuery.isSuccess && listQuery.data.listId === null;

  return (
    <section aria-labelledby="email-title">
      <h1 id="email-title" className="h2">
        Send Email
      </h1>
      <p className="mb-1">Goes to every active member of the chapter's list.</p>
      <RecipientCount chapterId={chapter.id} />
      {noList && (
        <Alert variant="info">
          This chapter has no mailing list yet. <Link to={`${base}/members`}>Create it</Link> on the
          Members screen first.
        </Alert>
      )}
      {listQuery.isError && (
        <Alert variant="warning">
          The chapter's mailing list could not be checked. You can still try to send.
        </Alert>
      )}
      {sent ? (
        <EmailSent
          sent={sent}
          dashboardPath={base}
          publicPath={publicPath}
          onAnother={writeAnother}
        />
      ) : (
        <Form noValidate onSubmit={(e) => void submit(e)} className="card card-body">
          <Form.Group className="mb-3" controlId="email-subject">
            <Form.Label>Title</Form.Label>
            <Form.Control
              value={title}
              maxLength={300}
              onChange={(e) => setTitle(e.target.value)}
              onBlur={() => setTouched(true)}
              isInvalid={touched && titleMissing}
              disabled={step !== 'editing'}
            />
            <Form.Control.Feedback type="invalid">Title is Required</Form.Control.Feedback>
          </Form.Group>
          <div className="mb-3">
            <p id="email-body-label" className="form-label mb-2">
              Message
            </p>
            <RichTextEditor
              key={draft}
              initialValue=""
              onChange={setBody}
              labelledBy="email-body-label"
              invalid={touched && bodyMissing}
            />
            {touched && bodyMissing && (
              <div className="invalid-feedback d-block">Write the message before sending.</div>
            )}
          </div>
          <Form.Group className="mb-3" controlId="email-post">
            <Form.Check
              type="checkbox"
              label="Also post it on the chapter page"
              checked={post}
              onChange={(e) => setPost(e.target.checked)}
              disabled={step !== 'editing'}
              aria-describedby="email-post-help"
            />
            <Form.Text id="email-post-help">
              Unticked, only the members get it. Either way it counts as the chapter's latest
              activity.
            </Form.Text>
          </Form.Group>
          <div className="d-flex flex-wrap gap-2">
            <Button type="submit" disabled={step !== 'editing' || noList}>
              {step === 'sending' && (
                <Spinner
                  as="span"
                  animation="border"
                  size="sm"
                  className="me-2"
                  aria-hidden="true"
                />
              )}
              {step === 'sending' ? 'Sending...' : 'Send'}
            </Button>
            <Button
              variant="outline-secondary"
              onClick={() => void openPreview()}
              disabled={step !== 'editing'}
            >
              Preview
            </Button>
            <Button
              variant="outline-secondary"
              onClick={() => void sendTest()}
              disabled={step !== 'editing' || testing}
            >
              {testing && (
                <Spinner
                  as="span"
                  animation="border"
                  size="sm"
                  className="me-2"
                  aria-hidden="true"
                />
              )}
              Email me a test
            </Button>
          </div>
        </Form>
      )}
      <div className="mt-4">
        <SendList chapterId={chapter.id} />
      </div>
      {preview && <EmailPreviewDialog state={preview} onClose={() => setPreview(null)} />}
    </section>
  );
}
