import { useCallback, useEffect, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import { LIMITS } from '../../../../common/constants';
import { ALIAS_TEXT } from '../../../../common/emailAdminText';
import type { AliasTestAnswer, EmailAlias } from '../../../../common/schemas/emailAdmin';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { AliasModal } from './AliasModal';
import { EmailAddress } from '../../../components/EmailAddress';
import { emailAdminApi, failureText } from './emailAdminApi';

/**
 * Spec 2 §2 Mailgun tab: aliases listed and searched (2 characters at least), added, edited,
 * deleted after a confirmation, and tested; with the warning about Mailgun's rate limit.
 */
export function AliasesTab() {
  const [aliases, setAliases] = useState<EmailAlias[] | null>(null);
  const [domains, setDomains] = useState<string[]>([]);
  const [search, setSearch] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState<EmailAlias | 'add' | null>(null);
  const [deleting, setDeleting] = useState<EmailAlias | null>(null);
  const [deleteBusy, setDeleteBusy] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [testing, setTesting] = useState<number | null>(null);
  const [tested, setTested] = useState<{ ok: boolean; text: string } | null>(null);

  const load = useCallback(async (query?: string) => {
    setError(null);
    try {
      setAliases(await emailAdminApi.aliases(query));
    } catch (err) {
      setAliases([]);
      setError(`${query ? ALIAS_TEXT.searchFailed : ALIAS_TEXT.loadFailed}: ${failureText(err)}`);
    }
  }, []);

  useEffect(() => {
    void load();
    emailAdminApi.domains().then(setDomains, () => setDomains([]));
  }, [load]);

  const runSearch = () => {
    const q = search.trim();
    if (q === '') return void load();
    if (q.length < LIMITS.minSearchLength) {
      setAliases([]);
      setError(ALIAS_TEXT.minSearch);
      return;
    }
    void load(q);
  };

  const test = async (alias: EmailAlias) => {
    setTesting(alias.id);
    setTested(null);
    try {
      const answer: AliasTestAnswer = await emailAdminApi.testAlias(alias.id);
      setTested({ ok: true, text: answer.message });
    } catch (err) {
      setTested({
        ok: false,
        text: `Test of ${alias.localPart}@${alias.domain} failed: ${failureText(err)}`,
      });
    } finally {
      setTesting(null);
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    setDeleteBusy(true);
    setDeleteError(null);
    try {
      await emailAdminApi.deleteAlias(deleting.id);
      setAliases((list) => list?.filter((a) => a.id !== deleting.id) ?? null);
      setDeleting(null);
    } catch (err) {
      setDeleteError(ALIAS_TEXT.deleteFailed + failureText(err));
    } finally {
      setDeleteBusy(false);
    }
  };

  return (
    <section aria-label="Aliases">
      <Alert variant="warning">{ALIAS_TEXT.rateLimitWarning}</Alert>
      <Form
        className="d-flex flex-wrap gap-2 mb-3"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          runSearch();
        }}
      >
        <InputGroup className="flex-grow-1 w-auto">
          <Form.Control
            type="search"
            aria-label="Search aliases"
            placeholder="Search by address, recipient or chapter"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
          <Button type="submit" variant="outline-primary">
            Search
          </Button>
        </InputGroup>
        <Button onClick={() => setEditing('add')}>Add Alias</Button>
      </Form>
      {error && <Alert variant="danger">{error}</Alert>}
      {tested && (
        <Alert
          variant={tested.ok ? 'success' : 'danger'}
          dismissible
          onClose={() => setTested(null)}
        >
          {tested.text}
        </Alert>
      )}
      {aliases === null ? (
        <Spinner aria-label="Loading aliases" />
      ) : aliases.length === 0 ? (
        <p>{ALIAS_TEXT.none}</p>
      ) : (
        // Fits a phone (it was 707 px wide at 390, Recipients cut off): below lg the recipients
        // and the chapter go under the address, and long words break rather than widen the
        // table. The wrapper is positioned so the hidden "Actions" cannot widen the page.
        <div className="table-responsive position-relative mb-3">
          <Table hover className="mb-0">
            <thead>
              <tr>
                <th scope="col">Alias</th>
                <th scope="col" className="d-none d-lg-table-cell">
                  Recipients
                </th>
                <th scope="col" className="d-none d-lg-table-cell">
                  Chapter
                </th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {aliases.map((a) => {
                const address = `${a.localPart}@${a.domain}`;
                return (
                  <tr key={a.id}>
                    <td>
                      <EmailAddress address={address} />
                      <div className="d-lg-none small">
                        Recipients: <Recipients alias={a} />
                        {a.chapterName && (
                          <div>
                            Chapter: <ChapterName alias={a} />
                          </div>
                        )}
                      </div>
                    </td>
                    <td className="text-break d-none d-lg-table-cell">
                      <Recipients alias={a} />
                    </td>
                    <td className="text-break d-none d-lg-table-cell">
                      <ChapterName alias={a} />
                    </td>
                    <td>
                      {/* The buttons wrap rather than hide behind a sideways scroll. */}
                      <div className="d-flex flex-wrap gap-1">
                        <Button
                          size="sm"
                          variant="outline-secondary"
                          aria-label={`${testing === a.id ? 'Testing' : 'Test'} ${address}`}
                          disabled={testing === a.id}
                          onClick={() => void test(a)}
                        >
                          {testing === a.id ? 'Testing' : 'Test'}
                        </Button>
                        <Button
                          size="sm"
                          variant="outline-primary"
                          aria-label={`Edit ${address}`}
                          onClick={() => setEditing(a)}
                        >
                          Edit
                        </Button>
                        <Button
                          size="sm"
                          variant="outline-danger"
                          aria-label={`Delete ${address}`}
                          onClick={() => {
                            setDeleteError(null);
                            setDeleting(a);
                          }}
                        >
                          Delete
                        </Button>
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </Table>
        </div>
      )}
      <AliasModal
        editing={editing}
        domains={domains}
        onClose={() => setEditing(null)}
        onSaved={(saved) => {
          setAliases((list) => {
            const rest = (list ?? []).filter((a) => a.id !== saved.id);
            return [...rest, saved].sort((x, y) =>
              `${x.domain}${x.localPart}`.localeCompare(`${y.domain}${y.localPart}`),
            );
          });
          setEditing(null);
        }}
      />
      <ConfirmDialog
        show={deleting !== null}
        title="Delete Alias"
        confirmLabel="Delete"
        busy={deleteBusy}
        error={deleteError}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      >
        Are you sure you want to delete {deleting ? `${deleting.localPart}@${deleting.domain}` : ''}
        ? Mail to it will no longer be delivered. This cannot be undone.
      </ConfirmDialog>
    </section>
  );
}

// Mail to an alias with no recipient is lost without a word to its sender (issue 35): flagged,
// with the likely reason when it follows a chapter's hosts.
function Recipients({ alias }: { alias: EmailAlias }) {
  if (alias.recipients.length > 0) return <>{alias.recipients.join(', ')}</>;
  return (
    <span className="badge text-bg-warning text-wrap">
      Delivers to nobody{alias.followsHosts ? ': the chapter has no host' : ''}
    </span>
  );
}

function ChapterName({ alias }: { alias: EmailAlias }) {
  return (
    <>
      {alias.chapterName ?? ''}
      {alias.followsHosts && <span className="text-body-secondary"> (its hosts)</span>}
    </>
  );
}
