import { useQueryClient } from '@tanstack/react-query';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Link } from 'react-router';
import { memberImportAnswerSchema } from '../../../answerSchemas';
import { apiUploadWithProgress } from '../../../api';
import { errorMessage } from '../../../components/forms/errorMessage';
import { PageSpinner } from '../../../components/PageSpinner';
import { MEMBER_IMPORT } from '../../../../common/memberImport';
import type { MemberImportAnswer } from '../../../../common/schemas/memberImport';
import { useAdminChapter } from '../useAdminChapter';
import { previewCsv, type CsvPreview } from './csvPreview';
import { ImportPreview } from './ImportPreview';
import { ImportResult } from './ImportResult';
import { chapterContactsKey } from './useChapterContacts';
import { ChapterListGate } from './ChapterListGate';

type Step =
  | { kind: 'choose' }
  | { kind: 'reading' }
  | { kind: 'preview'; file: File; preview: CsvPreview }
  | { kind: 'uploading'; file: File; preview: CsvPreview; sent: number; total: number }
  | { kind: 'done'; answer: MemberImportAnswer };

const MB = 1024 * 1024;

/**
 * Import members from a CSV file (issue 23): pick a file, see its first rows and which column
 * is the address and which the name, import, and see what was added and each line that was
 * not. The file is read by the server as it arrives; a large one shows its upload's progress.
 */
export function ImportMembersScreen() {
  const { chapter, base } = useAdminChapter();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const [problem, setProblem] = useState<string | null>(null);

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    setProblem(null);
    if (!file) return setStep({ kind: 'choose' });
    if (file.size > MEMBER_IMPORT.maxBytes) {
      setStep({ kind: 'choose' });
      return setProblem(
        `${file.name} is ${(file.size / MB).toFixed(1)} MB; a file can be at most ${MEMBER_IMPORT.maxBytes / MB} MB. Split it and import each part.`,
      );
    }
    setStep({ kind: 'reading' });
    try {
      const preview = await previewCsv(file);
      if (!preview || preview.rows.length === 0) {
        setStep({ kind: 'choose' });
        return setProblem(`${file.name} has no rows to import.`);
      }
      setStep({ kind: 'preview', file, preview });
    } catch (err) {
      setStep({ kind: 'choose' });
      setProblem(`${file.name} could not be read as CSV: ${errorMessage(err)}`);
    }
  }

  async function upload(event: FormEvent) {
    event.preventDefault();
    if (step.kind !== 'preview') return;
    const { file, preview } = step;
    setProblem(null);
    setStep({ kind: 'uploading', file, preview, sent: 0, total: file.size });
    const form = new FormData();
    form.append(MEMBER_IMPORT.field, file, file.name);
    try {
      const answer = await apiUploadWithProgress(
        `/api/mailing_list/chapter/${chapter.id}/import`,
        form,
        !import.meta.env?.PROD && memberImportAnswerSchema,
        (sent, total) =>
          setStep((s) => (s.kind === 'uploading' ? { ...s, sent, total: total || s.total } : s)),
      );
      setStep({ kind: 'done', answer });
      await queryClient.invalidateQueries({ queryKey: chapterContactsKey(chapter.id) });
    } catch (err) {
      setStep({ kind: 'preview', file, preview });
      setProblem(errorMessage(err));
    }
  }

  return (
    <section aria-labelledby="import-members-title">
      <Link to={`${base}/members`}>All Members</Link>
      <h1 id="import-members-title" className="h2 mt-2">
        Import Members
      </h1>
      <ChapterListGate chapterId={chapter.id} base={base}>
        {() => (
          <Form noValidate onSubmit={(e) => void upload(e)} className="card card-body">
            <Form.Group className="mb-3" controlId="import-file">
              <Form.Label>CSV file of members</Form.Label>
              <Form.Control
                type="file"
                accept=".csv,text/csv"
                onChange={(e) => void choose(e as ChangeEvent<HTMLInputElement>)}
                disabled={step.kind === 'uploading'}
                aria-describedby="import-file-hint"
              />
              <Form.Text id="import-file-hint" muted>
                A column of email addresses and, if you have it, a column of names (or first and
                last names); a header row is found by itself. Up to{' '}
                {MEMBER_IMPORT.maxRows.toLocaleString('en-US')} rows and{' '}
                {MEMBER_IMPORT.maxBytes / MB} MB. Everyone imported gets chapter email at once:
                import only people who asked for it. Addresses that unsubscribed, were blocked or
                bounced are never added back.
              </Form.Text>
            </Form.Group>
            {step.kind === 'reading' && <PageSpinner label="Reading the file..." />}
            {problem && (
              <Alert variant="danger" role="alert">
                {problem}
              </Alert>
            )}
            {(step.kind === 'preview' || step.kind === 'uploading') && (
              <ImportPreview preview={step.preview} fileName={step.file.name} />
            )}
            {step.kind === 'uploading' && <UploadProgress sent={step.sent} total={step.total} />}
            {(step.kind === 'preview' || step.kind === 'uploading') && (
              <div>
                <Button type="submit" disabled={step.kind === 'uploading'}>
                  {step.kind === 'uploading' ? 'Importing...' : 'Import'}
                </Button>
              </div>
            )}
            {step.kind === 'done' && <ImportResult answer={step.answer} />}
          </Form>
        )}
      </ChapterListGate>
    </section>
  );
}

/** The upload's progress; once the file is sent, the server is still adding the members. */
function UploadProgress({ sent, total }: { sent: number; total: number }) {
  const done = total > 0 && sent >= total;
  const percent = total > 0 ? Math.round((100 * sent) / total) : 0;
  return (
    <div className="mb-3">
      <label htmlFor="import-progress" className="form-label mb-1">
        {done
          ? 'File sent; adding the members...'
          : `Uploading: ${(sent / MB).toFixed(1)} of ${(total / MB).toFixed(1)} MB (${percent}%)`}
      </label>
      <progress id="import-progress" className="w-100 d-block" max={100} value={percent}>
        {percent}%
      </progress>
    </div>
  );
}
