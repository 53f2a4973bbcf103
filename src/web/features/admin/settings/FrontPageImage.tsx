import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import { resultSchema } from '../../../answerSchemas';
import { apiUpload } from '../../../api';
import { errorMessage } from '../../../components/forms/errorMessage';
import { SubmitButton } from '../../../components/forms/SubmitButton';
import { useToast } from '../../../components/toasts';

/**
 * The front page's call-out image and an upload form for a new one (image files only). After an
 * upload the front page is asked for again: its imageUrl carries the new image's hash.
 */
export function FrontPageImage({ imageUrl }: { imageUrl: string | null }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const fileId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function upload(event: FormEvent) {
    event.preventDefault();
    const file = input.current?.files?.[0];
    if (!file) return setError('Choose an image file to upload.');
    // Spec 2 §5: image files only. The server decodes it anyway; this saves a useless upload.
    if (!file.type.startsWith('image/')) return setError('Choose an image file (JPEG, PNG...).');
    const form = new FormData();
    form.append('image', file);
    setBusy(true);
    setError(null);
    try {
      await apiUpload('/api/front_page_image', form, !import.meta.env?.PROD && resultSchema);
      if (input.current) input.current.value = '';
      toast.show({ type: 'success', title: 'Front page image', message: 'The new image is up.' });
      await queryClient.invalidateQueries({ queryKey: ['front_page'] });
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card card-body" aria-labelledby="front-image-title">
      <h3 id="front-image-title" className="h5">
        Front Page Image
      </h3>
      {imageUrl ? (
        <img src={imageUrl} alt="The front page image" className="img-fluid rounded mb-3 d-block" />
      ) : (
        <p className="text-body-secondary">No front page image: the home page shows none.</p>
      )}
      <Form onSubmit={(e) => void upload(e)}>
        <Form.Group className="mb-2" controlId={fileId}>
          <Form.Label>Upload a new front page image</Form.Label>
          <Form.Control type="file" accept="image/*" ref={input} />
          <Form.Text muted>A JPEG, PNG, GIF, WebP, AVIF or TIFF image of up to 10 MB.</Form.Text>
        </Form.Group>
        {error && (
          <Alert variant="danger" role="alert">
            {error}
          </Alert>
        )}
        <SubmitButton busy={busy}>Upload</SubmitButton>
      </Form>
    </section>
  );
}
