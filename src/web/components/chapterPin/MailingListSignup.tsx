import { useId, useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import Spinner from 'react-bootstrap/Spinner';
import { signUpAnswerSchema } from '../../answerSchemas';
import { apiSend } from '../../api';
import { LIMITS } from '../../../common/constants';
import { useCurrentUser } from '../../hooks/useCurrentUser';

type State =
  | { step: 'idle' | 'loading' }
  | { step: 'success'; confirmByEmail: boolean }
  | { step: 'error'; message: string };

/**
 * Spec 1 §4: idle, loading, then 'Success!' or 'Oops. ' + the server's error with a Try again
 * link that resets it. The email is prefilled for a signed-in user. On a built-in list the new
 * member confirms by a link mailed to them, and the success says to look for it.
 */
export function MailingListSignup({
  chapterId,
  compact = false,
  listName,
}: {
  chapterId: number;
  compact?: boolean;
  /** The chapter's name, for the note on what happens next. */
  listName?: string;
}) {
  const { user } = useCurrentUser();
  const id = useId();
  const [email, setEmail] = useState(user?.email ?? '');
  const [state, setState] = useState<State>({ step: 'idle' });

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!email.trim()) return;
    setState({ step: 'loading' });
    try {
      const answer = await apiSend(
        'POST',
        '/api/mailing_list/sign_up_chapter',
        { email: email.trim(), chapterId },
        !import.meta.env?.PROD && signUpAnswerSchema,
      );
      const result = answer.results[0];
      setState(
        result && !result.isError
          ? { step: 'success', confirmByEmail: result.confirmByEmail === true }
          : { step: 'error', message: result?.errorString ?? '' },
      );
    } catch (err) {
      setState({ step: 'error', message: err instanceof Error ? err.message : '' });
    }
  }

  const list = listName ? `the ${listName} list` : 'the list';
  if (state.step === 'success')
    return (
      <div role="status">
        <p className="text-success fw-semibold mb-1">Success!</p>
        {state.confirmByEmail ? (
          <p className={`mb-0 text-break ${compact ? 'small' : ''}`}>
            Check your inbox: we sent a link to confirm {email.trim()} for {list}. Open it within{' '}
            {LIMITS.confirmLinkDays} days to start getting emails about meetings.
          </p>
        ) : (
          <p className={`mb-0 ${compact ? 'small' : ''}`}>
            You are on {list}. Emails about meetings will come to {email.trim()}; each one has a
            link to unsubscribe.
          </p>
        )}
      </div>
    );
  if (state.step === 'error') {
    return (
      <p className="text-danger mb-0" role="alert">
        Oops. {state.message}{' '}
        <Button
          variant="link"
          className="p-0 align-baseline"
          onClick={() => setState({ step: 'idle' })}
        >
          Try again
        </Button>
      </p>
    );
  }
  return (
    <Form onSubmit={(e) => void submit(e)}>
      <Form.Label htmlFor={id} className={compact ? 'small mb-1' : undefined}>
        Join the mailing list
      </Form.Label>
      <InputGroup size={compact ? 'sm' : undefined}>
        <Form.Control
          id={id}
          type="email"
          required
          placeholder="you@example.org"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <Button type="submit" disabled={state.step === 'loading'}>
          {state.step === 'loading' ? (
            <Spinner as="span" size="sm" animation="border" aria-label="Signing up" />
          ) : (
            'Sign Up'
          )}
        </Button>
      </InputGroup>
    </Form>
  );
}
