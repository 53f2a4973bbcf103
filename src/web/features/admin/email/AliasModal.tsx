import { useEffect, useId, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { ALIAS_TEXT } from '../../../../common/emailAdminText';
import type { EmailAlias } from '../../../../common/schemas/emailAdmin';
import type { ChapterSummary } from '../../../../common/schemas/chapters';
import { ChapterSearch } from './ChapterSearch';
import { emailAdminApi, failureText } from './emailAdminApi';

interface Props {
  /** null: closed; 'add'; or the alias being edited. */
  editing: EmailAlias | 'add' | null;
  domains: string[];
  onClose: () => void;
  onSaved: (alias: EmailAlias) => void;
}

/**
 * Spec 2 §2, §5: the add/edit modal. The local part is locked when editing or when a chapter
 * is chosen (it is then the chapter's alias on its type's domain); blank recipient rows are
 * dropped on save, at least one row stays, and a save needs a local part, a domain and one
 * recipient.
 */
export function AliasModal({ editing, domains, onClose, onSaved }: Props) {
  const id = useId();
  const [localPart, setLocalPart] = useState('');
  const [domain, setDomain] = useState('');
  const [recipients, setRecipients] = useState<string[]>(['']);
  const [chapter, setChapter] = useState<{ id: number; name: string } | null>(null);
  const [followHosts, setFollowHosts] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (editing === null) return;
    const alias = editing === 'add' ? null : editing;
    setLocalPart(alias?.localPart ?? '');
    setDomain(alias?.domain ?? domains[0] ?? '');
    setRecipients(alias?.recipients.length ? [...alias.recipients] : ['']);
    setChapter(alias?.chapterId ? { id: alias.chapterId, name: alias.chapterName ?? '' } : null);
    setFollowHosts(alias?.followsHosts ?? false);
    setError(null);
  }, [editing, domains]);

  const pickChapter = (c: ChapterSummary) => {
    setChapter({ id: c.id, name: c.displayTitle });
    setLocalPart(c.emailAlias);
    // The chapter's address is {alias}@{its type's domain}.
    const at = c.email.lastIndexOf('@');
    if (at > 0) setDomain(c.email.slice(at + 1));
  };
  const kept = recipients.map((r) => r.trim()).filter((r) => r !== '');
  const valid = localPart.trim() !== '' && domain !== '' && (followHosts || kept.length > 0);
  const locked = editing !== 'add' || chapter !== null;

  const save = async () => {
    if (!valid || editing === null) return;
    setSaving(true);
    setError(null);
    const body = {
      localPart: localPart.trim(),
      domain,
      recipients: followHosts && chapter ? [] : kept,
      chapterId: chapter?.id ?? null,
      followHosts: chapter !== null && followHosts,
    };
    try {
      const saved =
        editing === 'add'
          ? await emailAdminApi.createAlias(body)
          : await emailAdminApi.updateAlias(editing.id, body);
      onSaved(saved);
    } catch (err) {
      setError(ALIAS_TEXT.saveFailed + failureText(err));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal show={editing !== null} onHide={onClose} aria-labelledby={`${id}-title`}>
      <Form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <Modal.Header closeButton>
          <Modal.Title id={`${id}-title`}>
            {editing === 'add' ? 'Add Alias' : 'Edit Alias'}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {error && <Alert variant="danger">{error}</Alert>}
          <Form.Label htmlFor={`${id}-local`}>Address</Form.Label>
          <InputGroup className="mb-3">
            <Form.Control
              id={`${id}-local`}
              aria-label="Local part"
              value={localPart}
              disabled={locked}
              required
              onChange={(e) => setLocalPart(e.target.value)}
            />
            <InputGroup.Text>@</InputGroup.Text>
            <Form.Select
              aria-label="Domain"
              value={domain}
              disabled={chapter !== null}
              onChange={(e) => setDomain(e.target.value)}
            >
              {domains.map((d) => (
                <option key={d} value={d}>
                  {d}
                </option>
              ))}
            </Form.Select>
          </InputGroup>
          {editing === 'add' && !chapter ? (
            <div className="mb-3">
              <ChapterSearch label="Chapter (optional)" onPick={pickChapter} />
            </div>
          ) : chapter ? (
            <p>
              Chapter: <strong>{chapter.name}</strong>
              {editing === 'add' && (
                <Button variant="link" size="sm" onClick={() => setChapter(null)}>
                  No chapter
                </Button>
              )}
            </p>
          ) : null}
          {chapter && (
            <Form.Check
              id={`${id}-follow`}
              className="mb-3"
              label="Forward to the chapter's hosts (kept up to date as they change)"
              checked={followHosts}
              onChange={(e) => setFollowHosts(e.target.checked)}
            />
          )}
          {!followHosts && (
            <fieldset>
              <legend className="form-label fs-6">Recipients</legend>
              {recipients.map((r, i) => (
                <InputGroup className="mb-2" key={i}>
                  <Form.Control
                    type="email"
                    aria-label={`Recipient ${i + 1}`}
                    value={r}
                    onChange={(e) =>
                      setRecipients(recipients.map((x, j) => (j === i ? e.target.value : x)))
                    }
                  />
                  <Button
                    variant="outline-secondary"
                    aria-label={`Remove recipient ${i + 1}`}
                    disabled={recipients.length === 1}
                    onClick={() => setRecipients(recipients.filter((_, j) => j !== i))}
                  >
                    Remove
                  </Button>
                </InputGroup>
              ))}
              <Button
                variant="outline-primary"
                size="sm"
                onClick={() => setRecipients([...recipients, ''])}
              >
                Add Recipient
              </Button>
            </fieldset>
          )}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={!valid || saving}>
            {saving && <Spinner size="sm" className="me-1" aria-hidden />}
            {saving ? 'Saving' : 'Save'}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
