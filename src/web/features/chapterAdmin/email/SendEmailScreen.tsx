import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { Link, useNavigate } from 'react-router';
import { LIMITS } from '../../../../common/constants';
import { chapterListIdSchema, sendMessageAnswerSchema } from '../../../../common/schemas/mailing';
import { ApiError, apiGet, apiSend } from '../../../api';
import { PageSpinner } from '../../../components/PageSpinner';
import { RichTextEditor } from '../../../components/richText/RichTextEditor';
import { useToast } from '../../../components/toasts';
import { isEmptyRichText } from '../../content/isEmptyRichText';
import { useAdminChapter } from '../useAdminChapter';
import {
  EMAIL_CONFIRM,
  EMAIL_PREPARATION_FAILED,
  EMAIL_PREPARATION_MESSAGE,
  EMAIL_SEND_FAILED,
  EMAIL_SENT,
  sendFailureMessage,
} from './sendFailure';

type Step = 'editing' | 'sending' | 'sent';

/** Spec 2 §2 Send Email: title and body to everyone on the chapter's list. */
export function SendEmailScreen() {
  const { chapter, base, publicPath } = useAdminChapter();
  const toast = useToast();
  const navigate = useNavigate();
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [touched, setTouched] = useState(false);
  const [step, setStep] = useState<Step>('editing');
  const listQuery = useQuery({
    queryKey: ['chapterListId', chapter.id],
    queryFn: () => apiGet(`/api/mailing_list/chapter_list_id/${chapter.id}`, chapterListIdSchema),
  });

  useEffect(() => {
    if (step !== 'sent') return;
    const timer = setTimeout(() => void navigate(publicPath), LIMITS.emailRedirectMs);
    return () => clearTimeout(timer);
  }, [step, navigate, publicPath]);

  const titleMissing = title.trim() === '';
  const bodyMissing = isEmptyRichText(body);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (titleMissing || bodyMissing || step !== 'editing') return;
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
      await apiSend(
        'POST',
        '/api/mailing_list/send_message',
        { title: title.trim(), body, listId },
        sendMessageAnswerSchema,
      );
      setStep('sent');
      toast.show({ type: 'success', title: 'Email sent', message: EMAIL_SENT });
    } catch (err) {
      const status = err instanceof ApiError ? err.status : -1;
      toast.show({ type: 'error', title: EMAIL_SEND_FAILED, message: sendFailureMessage(status) });
      setStep('editing');
    }
  }

  if (listQuery.isPending) return <PageSpinner label="Loading the chapter's list..." />;
  const noList = listQuery.isSuccess && listQuery.data.listId === null;

  return (
    <section aria-labelledby="email-title">
      <h1 id="email-title" className="h2">
        Send Email
      </h1>
      <p>
        Goes to every active member of the chapter's list and is published on the chapter page as a
        post.
      </p>
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
            initialValue=""
            onChange={setBody}
            labelledBy="email-body-label"
            invalid={touched && bodyMissing}
          />
          {touched && bodyMissing && (
            <div className="invalid-feedback d-block">Write the message before sending.</div>
          )}
        </div>
        <div>
          <Button type="submit" disabled={step !== 'editing' || noList}>
            {step === 'sending' && (
              <Spinner as="span" animation="border" size="sm" className="me-2" aria-hidden="true" />
            )}
            {step === 'sent' ? 'Sent' : step === 'sending' ? 'Sending...' : 'Send'}
          </Button>
        </div>
      </Form>
    </section>
  );
}
