import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useFieldArray, useForm } from 'react-hook-form';
import { chapterLinkListSchema } from '../../../answerSchemas';
import type { ChapterLink } from '../../../../common/schemas/chapters';
import { ApiError, apiSend } from '../../../api';
import { errorMessage } from '../../../components/forms/errorMessage';
import { SaveButton } from '../../../components/forms/SaveButton';
import { useSaveState } from '../../../components/forms/useSaveState';
import { useAdminChapter } from '../useAdminChapter';
import { LinkRowFields } from './LinkRowFields';
import { chapterLinksKey } from './linksQuery';
import {
  BLANK_ROW,
  formFieldOf,
  linksFormSchema,
  rowsOf,
  type LinksForm,
  type LinksFormOutput,
} from './linksForm';

/** The rows of links, Add Another and Save All (spec 2 §2 Links). */
export function LinksEditor({ links }: { links: readonly ChapterLink[] }) {
  const { chapter } = useAdminChapter();
  const queryClient = useQueryClient();
  const save = useSaveState();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<LinksForm, unknown, LinksFormOutput>({
    mode: 'onTouched',
    resolver: zodResolver(linksFormSchema),
    defaultValues: rowsOf(links),
  });
  const { fields, append } = useFieldArray({ control: form.control, name: 'links' });

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const saved = await save.run(() =>
        apiSend(
          'POST',
          `/api/chapter_link/chapter/${chapter.id}`,
          values,
          !import.meta.env?.PROD && chapterLinkListSchema,
        ),
      );
      queryClient.setQueryData(chapterLinksKey(chapter.id), saved);
      form.reset(rowsOf(saved));
    } catch (err) {
      // A refused URL is marked on its own row, with the server's words.
      if (err instanceof ApiError) {
        for (const field of err.fields ?? []) {
          const name = formFieldOf(field.field);
          if (name) form.setError(name, { message: field.message });
        }
      }
      setFailure(errorMessage(err, 'The links could not be saved. Please try again.'));
    }
  });

  return (
    <Form noValidate onSubmit={(e) => void onSubmit(e)} className="card card-body">
      {failure && <Alert variant="danger">{failure}</Alert>}
      <p className="text-body-secondary" id="links-hint">
        Leave a URL blank to delete.
      </p>
      <ol className="list-unstyled mb-2" aria-describedby="links-hint">
        {fields.map((field, index) => (
          <LinkRowFields key={field.id} form={form} index={index} />
        ))}
      </ol>
      <div className="d-flex flex-wrap gap-2">
        <Button
          variant="outline-primary"
          onClick={() =>
            append(
              { ...BLANK_ROW },
              { shouldFocus: true, focusName: `links.${fields.length}.title` },
            )
          }
        >
          Add Another
        </Button>
        <SaveButton state={save.state}>Save All</SaveButton>
      </div>
    </Form>
  );
}
