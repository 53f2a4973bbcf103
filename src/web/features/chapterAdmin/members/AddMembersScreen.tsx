import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import { Link } from 'react-router';
import { signUpManyAnswerSchema } from '../../../answerSchemas';
import { apiSend } from '../../../api';
import { errorMessage } from '../../../components/forms/errorMessage';
import { SaveButton } from '../../../components/forms/SaveButton';
import { useSaveState } from '../../../components/forms/useSaveState';
import { useAdminChapter } from '../useAdminChapter';
import { chapterContactsKey } from './useChapterContacts';
import { ChapterListGate } from './ChapterListGate';

interface Outcome {
  added: number;
  refused: { email: string; reason: string }[];
}

/** Spec 2 §2 Add Members: addresses separated by commas, spaces or new lines. */
export function AddMembersScreen() {
  const { chapter, base } = useAdminChapter();
  const queryClient = useQueryClient();
  const save = useSaveState();
  const [text, setText] = useState('');
  const [touched, setTouched] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const empty = text.trim() === '';

  async function submit(event: FormEvent, listId: string) {
    event.preventDefault();
    setTouched(true);
    if (empty) return;
    setFailure(null);
    setOutcome(null);
    try {
      const answer = await save.run(() =>
        apiSend(
          'POST',
          '/api/mailing_list/sign_up_many',
          { emails: text, listId },
          !import.meta.env?.PROD && signUpManyAnswerSchema,
        ),
      );
      const refused = answer.results
        .filter((r) => r.isError)
        .map((r) => ({ email: r.email, reason: r.errorString }));
      setOutcome({ added: answer.added, refused });
      // Keep only what was refused in the box, to correct and send again.
      setText(refused.map((r) => r.email).join('\n'));
      setTouched(false);
      await queryClient.invalidateQueries({ queryKey: chapterContactsKey(chapter.id) });
    } catch (err) {
      setFailure(errorMessage(err));
    }
  }

  return (
    <section aria-labelledby="add-members-title">
      <Link to={`${base}/members`}>All Members</Link>
      <h1 id="add-members-title" className="h2 mt-2">
        Add Members
      </h1>
      <ChapterListGate chapterId={chapter.id} base={base}>
        {(listId) => (
          <Form noValidate onSubmit={(e) => void submit(e, listId)} className="card card-body">
            <Form.Group className="mb-3" controlId="new-members">
              <Form.Label>New members' email addresses</Form.Label>
              <Form.Control
                as="textarea"
                rows={8}
                required
                value={text}
                onChange={(e) => {
                  setText(e.target.value);
                  setTouched(true);
                }}
                isInvalid={touched && empty}
                aria-describedby="new-members-hint"
              />
              <Form.Text id="new-members-hint" muted>
                Separate addresses with commas, spaces or new lines. Addresses already on the list
                are not added twice.
              </Form.Text>
              <Form.Control.Feedback type="invalid">
                Enter at least one email address.
              </Form.Control.Feedback>
            </Form.Group>
            {outcome && (
              <Alert variant={outcome.refused.length ? 'warning' : 'success'} role="status">
                <p className="mb-1">
                  {outcome.added} {outcome.added === 1 ? 'address' : 'addresses'} added.
                </p>
                {outcome.refused.length > 0 && (
                  <>
                    <p className="mb-1">Not added:</p>
                    <ul className="mb-0">
                      {outcome.refused.map((r) => (
                        <li key={r.email}>
                          {r.email}: {r.reason}
                        </li>
                      ))}
                    </ul>
                  </>
                )}
              </Alert>
            )}
            {failure && (
              <Alert variant="danger" role="alert">
                {failure}
              </Alert>
            )}
            <div>
              <SaveButton state={save.state} disabled={empty} />
            </div>
          </Form>
        )}
      </ChapterListGate>
    </section>
  );
}
