import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import ListGroup from 'react-bootstrap/ListGroup';
import { FIXED_BREVO_LISTS } from '../../../../common/constants';
import { BREVO_TEXT } from '../../../../common/emailAdminText';
import type { BrevoContact } from '../../../../common/schemas/emailAdmin';
import type { ChapterSummary } from '../../../../common/schemas/chapters';
import { BrevoMoveCard } from './BrevoMoveCard';
import { ChapterSearch } from './ChapterSearch';
import { emailAdminApi, failureText } from './emailAdminApi';

type Note = { ok: boolean; text: string };

/**
 * Spec 2 §2 Brevo tab: a contact by address, its status (active or blocked), the lists it is
 * on (chapter names where a list is a chapter's), block and unblock, remove from a list, and
 * add to a chapter's list chosen with the chapter search; below, the move of every chapter's
 * Brevo list into the built-in lists (BrevoMoveCard).
 */
export function ContactsTab() {
  const [email, setEmail] = useState('');
  const [contact, setContact] = useState<BrevoContact | null>(null);
  const [names, setNames] = useState<Map<number, string>>(new Map());
  const [note, setNote] = useState<Note | null>(null);
  const [busy, setBusy] = useState(false);

  const load = async (address: string) => {
    const found = await emailAdminApi.contact(address);
    setContact(found);
    const [lists, owners] = await Promise.all([
      emailAdminApi.lists().catch(() => []),
      found.listIds.length
        ? emailAdminApi.chaptersOfLists(found.listIds).catch(() => ({ chapters: [] }))
        : Promise.resolve({ chapters: [] }),
    ]);
    const map = new Map<number, string>(FIXED_BREVO_LISTS.map((l) => [l.id, l.name]));
    for (const l of lists) map.set(l.id, l.name);
    for (const c of owners.chapters) map.set(c.listId, c.displayName);
    setNames(map);
  };

  const search = async () => {
    const address = email.trim();
    setNote(null);
    if (address === '') return setNote({ ok: false, text: BREVO_TEXT.enterEmail });
    setBusy(true);
    try {
      await load(address);
    } catch (err) {
      setContact(null);
      setNote({ ok: false, text: failureText(err) });
    } finally {
      setBusy(false);
    }
  };

  const act = async (work: () => Promise<unknown>, success: string, failure: string) => {
    if (!contact) return;
    setBusy(true);
    setNote(null);
    try {
      await work();
      await load(contact.email);
      setNote({ ok: true, text: success });
    } catch (err) {
      setNote({ ok: false, text: `${failure}: ${failureText(err)}` });
    } finally {
      setBusy(false);
    }
  };

  const addToChapter = async (chapter: ChapterSummary) => {
    if (!contact) return;
    setNote(null);
    let listId: string | null;
    try {
      listId = await emailAdminApi.chapterListId(chapter.id);
    } catch (err) {
      return setNote({ ok: false, text: `${BREVO_TEXT.addFailed}: ${failureText(err)}` });
    }
    if (!listId) return setNote({ ok: false, text: BREVO_TEXT.noChapterList });
    await act(
      () => emailAdminApi.addToList(contact.email, Number(listId)),
      BREVO_TEXT.added(chapter.displayTitle),
      BREVO_TEXT.addFailed,
    );
  };

  return (
    <section aria-label="Contacts">
      <Form
        noValidate
        role="search"
        className="mb-3"
        onSubmit={(e) => {
          e.preventDefault();
          void search();
        }}
      >
        <InputGroup>
          <Form.Control
            type="email"
            aria-label="Contact email"
            placeholder="Email address"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          <Button type="submit" variant="outline-primary" disabled={busy}>
            Search
          </Button>
        </InputGroup>
      </Form>
      {note && (
        <Alert variant={note.ok ? 'success' : 'danger'} role={note.ok ? 'status' : 'alert'}>
          {note.text}
        </Alert>
      )}
      {contact && (
        <Card>
          <Card.Body>
            <Card.Title as="h2" className="h5">
              {contact.email}{' '}
              {contact.emailBlacklisted ? (
                <Badge bg="danger">blocked</Badge>
              ) : (
                <Badge bg="success">active</Badge>
              )}
            </Card.Title>
            {contact.emailBlacklisted ? (
              <Button
                variant="outline-success"
                disabled={busy}
                onClick={() =>
                  void act(
                    () => emailAdminApi.unblock(contact.email),
                    BREVO_TEXT.unblocked,
                    BREVO_TEXT.unblockFailed,
                  )
                }
              >
                Unblock
              </Button>
            ) : (
              <Button
                variant="outline-danger"
                disabled={busy}
                onClick={() =>
                  void act(
                    () => emailAdminApi.block(contact.email),
                    BREVO_TEXT.blocked,
                    BREVO_TEXT.blockFailed,
                  )
                }
              >
                Block
              </Button>
            )}
            <h3 className="h6 mt-4">Lists</h3>
            {contact.listIds.length === 0 ? (
              <p>{BREVO_TEXT.noLists}</p>
            ) : (
              <ListGroup as="ul" className="mb-3">
                {contact.listIds.map((id) => (
                  <ListGroup.Item
                    as="li"
                    key={id}
                    className="d-flex justify-content-between align-items-center"
                  >
                    <span>
                      {names.get(id) ?? `List ${id}`}{' '}
                      <span className="text-body-secondary">#{id}</span>
                    </span>
                    <Button
                      size="sm"
                      variant="outline-danger"
                      disabled={busy}
                      aria-label={`Remove from list ${names.get(id) ?? id}`}
                      onClick={() =>
                        void act(
                          () => emailAdminApi.removeFromList(contact.email, id),
                          BREVO_TEXT.removed,
                          BREVO_TEXT.removeFailed,
                        )
                      }
                    >
                      Remove from list
                    </Button>
                  </ListGroup.Item>
                ))}
              </ListGroup>
            )}
            <ChapterSearch
              label="Add to a chapter list"
              disabled={busy}
              onPick={(c) => void addToChapter(c)}
            />
          </Card.Body>
        </Card>
      )}
      <BrevoMoveCard />
    </section>
  );
}
