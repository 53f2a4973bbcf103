import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import {
  WIKI_NOT_EDITABLE_MESSAGE,
  contentSlugSchema,
} from '../../../../common/schemas/contentEditor';
import { apiSend } from '../../../api';
import { errorMessage } from '../../../components/forms/errorMessage';
import { SaveButton } from '../../../components/forms/SaveButton';
import { TextField } from '../../../components/forms/TextField';
import { useSaveState } from '../../../components/forms/useSaveState';
import { RichTextEditor } from '../../../components/richText/RichTextEditor';
import { useToast } from '../../../components/toasts';
import { RichText } from '../../../components/richText/RichText';
import type { AnyKind, ContentItem } from './contentKinds';
import { adminItemKey, adminListKey } from './contentQuery';

const editorSchema = z.object({
  title: z.string().trim().min(1, 'Title is Required').max(300),
  // Blank on a new one: the server makes it from the title.
  slug: z.union([z.literal(''), contentSlugSchema]),
  isPublic: z.boolean(),
});
type EditorValues = z.input<typeof editorSchema>;

const SLUG_HINT = 'Lowercase letters, numbers and underscores only.';

/**
 * Title, slug, body and Public (spec 2 Editor screens). New ones are public (and wiki pages
 * editable); a page's slug is fixed once it exists; a wiki page that is not editable is shown,
 * not edited, with the reason.
 */
export function ContentEditorForm({ kind, item }: { kind: AnyKind; item?: ContentItem }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();
  const save = useSaveState();
  const bodyLabelId = useId();
  const [body, setBody] = useState(item?.body ?? '');
  const [current, setCurrent] = useState(item);
  const [failure, setFailure] = useState<string | null>(null);
  const editable = current?.isEditable !== false;
  const slugFixed = !!current && kind.slugFixedOnEdit;
  const { register, handleSubmit, formState, reset } = useForm<
    EditorValues,
    unknown,
    z.output<typeof editorSchema>
  >({
    mode: 'onChange',
    resolver: zodResolver(editorSchema),
    defaultValues: {
      title: item?.title ?? '',
      slug: item?.slug ?? '',
      isPublic: item?.isPublic ?? true,
    },
  });
  const errors = formState.errors;

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const request = {
        ...(current ? { id: current.id } : kind.key === 'wiki' ? { isEditable: true } : {}),
        title: values.title,
        ...(values.slug ? { slug: values.slug } : {}),
        isPublic: values.isPublic,
        ...(editable ? { body } : {}),
      };
      const saved: ContentItem = await save.run(() =>
        apiSend('POST', kind.api, request, !import.meta.env?.PROD && kind.schema),
      );
      await queryClient.invalidateQueries({ queryKey: adminListKey(kind.key) });
      await queryClient.invalidateQueries({ queryKey: [kind.publicKey] });
      if (current && current.slug !== saved.slug) {
        queryClient.removeQueries({ queryKey: adminItemKey(kind.key, current.slug) });
      }
      queryClient.setQueryData(adminItemKey(kind.key, saved.slug), saved);
      if (!current) {
        toast.show({
          type: 'success',
          title: `${kind.name} saved`,
          message: `${saved.title} is saved.`,
        });
        await navigate(kind.adminPath);
        return;
      }
      setCurrent(saved);
      reset({ title: saved.title, slug: saved.slug, isPublic: saved.isPublic });
      if (saved.slug !== current.slug) {
        await navigate(`${kind.adminPath}/edit/${saved.slug}`, { replace: true });
      }
    } catch (err) {
      setFailure(errorMessage(err, `The ${kind.name.toLowerCase()} could not be saved.`));
    }
  });

  return (
    <Form noValidate onSubmit={(e) => void onSubmit(e)} className="card card-body">
      {!editable && <Alert variant="warning">{WIKI_NOT_EDITABLE_MESSAGE}</Alert>}
      <fieldset disabled={!editable}>
        <TextField label="Title" registration={register('title')} error={errors.title} />
        <TextField
          label="Slug"
          registration={register('slug')}
          error={errors.slug}
          readOnly={slugFixed}
          hint={
            slugFixed
              ? `A page's slug cannot be changed: links to it would break.`
              : current
                ? SLUG_HINT
                : `${SLUG_HINT} Leave it blank to make it from the title.`
          }
        />
      </fieldset>
      <div className="mb-3">
        <p id={bodyLabelId} className="form-label mb-2">
          Body
        </p>
        {editable ? (
          <RichTextEditor
            initialValue={item?.body ?? ''}
            onChange={setBody}
            labelledBy={bodyLabelId}
            withImage={kind.withImage}
          />
        ) : (
          <div className="border rounded p-3" aria-labelledby={bodyLabelId} role="region">
            <RichText html={current?.body ?? ''} />
          </div>
        )}
      </div>
      <Form.Check
        className="mb-3"
        type="checkbox"
        id={`${kind.key}-public`}
        label="Public (everyone may read it; otherwise only admins)"
        disabled={!editable}
        {...register('isPublic')}
      />
      {failure && (
        <Alert variant="danger" role="alert">
          {failure}
        </Alert>
      )}
      <div className="d-flex flex-wrap align-items-center gap-3">
        {editable && <SaveButton state={save.state} />}
        {current && <Link to={kind.viewPath(current.slug)}>View {kind.name.toLowerCase()}</Link>}
      </div>
    </Form>
  );
}
