import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { Link } from 'react-router';
import { emailPreviewSchema, testMessageAnswerSchema } from '../../../answerSchemas';
import { ApiError, apiSend } from '../../../api';
import { PageSpinner } from '../../../components/PageSpinner';
import { errorMessage } from '../../../components/forms/errorMessage';
import { RichTextEditor } from '../../../components/richText/RichTextEditor';
import { useToast } from '../../../components/toasts';
import { isEmptyRichText } from '../../../components/richText/isEmptyRichText';
import { useAdminChapter } from '../useAdminChapter';
import { EmailPreviewDialog, type PreviewState } from './EmailPreviewDialog';
import { EmailSent, type SentEmail } from './EmailSent';
import { RecipientCount } from './RecipientCount';
import { SendConfirmDialog } from './SendConfirmDialog';
import { SendList } from '../sends/SendList';
import { EMAIL_SENT, sendFailureMessage } from './sendFailure';
import { useListSend } from './useListSend';

type Step = 'editing' | 'confirming' | 'sending';

export const TEST_EMAIL_FAILED = 'Test Email Failed';

/**
 * Spec 2 §2 Send Email: title and body to everyone on the chapter's list, and published as a
 * chapter post unless the host unticks it. Before sending: how many members it reaches, a
 * preview of a member's copy, and a test to the host's own address. The actions read in the
 * order a careful sender takes them, Preview, Test, Send, and Send asks first in the site's own
 * dialog with the number it goes to (issue 35).
 */
export function SendEmailScreen() {
  const { chapter, base, publicPath } = useAdminChapter();
  const toast = useToast();
  const { listQuery, noList, send } = useListSend(chapter.id);
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

  /** Send, from the form or from the preview: asks first. */
  function askToSend(event?: FormEvent) {
    event?.preventDefault();
    if (!draftComplete() || step !== 'editing' || noList) return;
    setPreview(null);
    setStep('confirming');
  }

  async function sendNow() {
    setStep('sending');
    const answer = await send({ title: title.trim(), body, post });
    setStep('editing');
    if (!answer) return;
    setSent({ title: title.trim(), answer });
    toast.show({ type: 'success', title: 'Email sent', message: EMAIL_SENT });
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
  const editing = step === 'editing';

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
        <Form noValidate onSubmit={askToSend} className="card card-body">
          <Form.Group className="mb-3" controlId="email-subject">
            <Form.Label>Title</Form.Label>
            <Form.Control
              value={title}
              maxLength={300}
              onChange={(e) => setTitle(e.target.value)}
              onBlur={() => setTouched(true)}
              isInvalid={touched && titleMissing}
              disabled={!editing}
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
              disabled={!editing}
              aria-describedby="email-post-help"
            />
            <Form.Text id="email-post-help">
              Unticked, only the members get it. Either way it counts as the chapter's latest
              activity.
            </Form.Text>
          </Form.Group>
          <div className="d-flex flex-wrap gap-2" data-testid="email-actions">
            <Button
              variant="outline-secondary"
              onClick={() => void openPreview()}
              disabled={!editing}
            >
              Preview
            </Button>
            <Button
              variant="outline-secondary"
              onClick={() => void sendTest()}
              disabled={!editing || testing}
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
            <Button type="submit" disabled={!editing || noList}>
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
          </div>
        </Form>
      )}
      <div className="mt-4">
        <SendList chapterId={chapter.id} timeZone={chapter.timeZone} />
      </div>
      {preview && (
        <EmailPreviewDialog
          state={preview}
          onClose={() => setPreview(null)}
          onSend={noList ? undefined : () => askToSend()}
        />
      )}
      <SendConfirmDialog
        show={step === 'confirming'}
        chapterId={chapter.id}
        chapterTitle={chapter.title}
        emailTitle={title.trim()}
        busy={false}
        onConfirm={() => void sendNow()}
        onCancel={() => setStep('editing')}
      />
    </section>
  );
}
