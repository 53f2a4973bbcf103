import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { frontPageSchema } from '../../../answerSchemas';
import { frontPageSaveSchema } from '../../../../common/schemas/frontPageForm';
import { apiSend } from '../../../api';
import { errorMessage } from '../../../components/forms/errorMessage';
import { SaveButton } from '../../../components/forms/SaveButton';
import { TextField } from '../../../components/forms/TextField';
import { useSaveState } from '../../../components/forms/useSaveState';

// Spec 2 §5: the front page link URL is required, and leads to the web.
const linkFormSchema = frontPageSaveSchema;
type LinkForm = z.input<typeof linkFormSchema>;

/** Where the front page's call-out image links to. */
export function FrontPageLinkForm({ imageLinkURL }: { imageLinkURL: string }) {
  const queryClient = useQueryClient();
  const save = useSaveState();
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, formState, reset } = useForm<
    LinkForm,
    unknown,
    z.output<typeof linkFormSchema>
  >({ mode: 'onChange', resolver: zodResolver(linkFormSchema), defaultValues: { imageLinkURL } });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const saved = await save.run(() =>
        apiSend('POST', '/api/front_page', values, !import.meta.env?.PROD && frontPageSchema),
      );
      queryClient.setQueryData(['front_page'], saved);
      reset({ imageLinkURL: saved.imageLinkURL });
    } catch (err) {
      setFailure(errorMessage(err, 'The link could not be saved. Please try again.'));
    }
  });

  return (
    <Form noValidate onSubmit={(e) => void onSubmit(e)} className="card card-body mb-3">
      {failure && <Alert variant="danger">{failure}</Alert>}
      <TextField
        label="Link URL"
        type="url"
        inputMode="url"
        placeholder="https://"
        hint="Where the front page image leads when clicked, starting with http:// or https://"
        registration={register('imageLinkURL')}
        error={formState.errors.imageLinkURL}
      />
      <div>
        <SaveButton state={save.state} />
      </div>
    </Form>
  );
}
