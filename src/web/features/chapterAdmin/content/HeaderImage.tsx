import { useId, useRef, useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { resultSchema } from '../../../answerSchemas';
import { apiSend, apiUpload } from '../../../api';
import { errorMessage } from '../../../components/forms/errorMessage';
import { SubmitButton } from '../../../components/forms/SubmitButton';
import { useToast } from '../../../components/toasts';

/**
 * Spec 2 §2 Page Content, §4: the header image, hidden when there is none (or it fails to load),
 * with Delete, and an upload form. After an upload or a delete the chapter is asked for again,
 * and its answer names the new image (a new URL: each carries the image's hash).
 */
export function HeaderImage({
  chapterId,
  imageUrl,
  onChange,
}: {
  chapterId: number;
  /** The chapter's headerImageUrl: no request for an image that is not there. */
  imageUrl: string | null;
  onChange: () => Promise<void>;
}) {
  const toast = useToast();
  const fileId = useId();
  const input = useRef<HTMLInputElement>(null);
  // The URL that failed to load, so that it is hidden; a new image is shown again.
  const [failed, setFailed] = useState<string | null>(null);
  const [busy, setBusy] = useState<'upload' | 'delete' | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function upload(event: FormEvent) {
    event.preventDefault();
    const file = input.current?.files?.[0];
    if (!file) return setError('Choose an image file to upload.');
    const form = new FormData();
    form.append('image', file);
    setBusy('upload');
    setError(null);
    try {
      await apiUpload(
        `/api/chapter/header_image/${chapterId}`,
        form,
        !import.meta.env?.PROD && resultSchema,
      );
      if (input.current) input.current.value = '';
      await onChange();
      toast.show({ type: 'success', title: 'Header image', message: 'The new image is up.' });
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(null);
    }
  }

  async function remove() {
    if (!window.confirm('Delete the header image?')) return;
    setBusy('delete');
    setError(null);
    try {
      await apiSend(
        'DELETE',
        `/api/chapter/header_image/${chapterId}`,
        undefined,
        !import.meta.env?.PROD && resultSchema,
      );
      await onChange();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(null);
    }
  }

  return (
    <section className="card card-body mb-4" aria-labelledby="header-image-title">
      <h2 id="header-image-title" className="h5">
        Header Image
      </h2>
      {imageUrl && failed !== imageUrl ? (
        <div className="mb-3">
          <img
            src={imageUrl}
            alt="The chapter's header"
            className="img-fluid rounded mb-2 d-block"
            onError={() => setFailed(imageUrl)}
          />
          <Button
            variant="outline-danger"
            size="sm"
            onClick={() => void remove()}
            disabled={!!busy}
          >
            Delete
          </Button>
        </div>
      ) : (
        <p className="text-body-secondary">No header image.</p>
      )}
      <Form onSubmit={(e) => void upload(e)}>
        <Form.Group className="mb-2" controlId={fileId}>
          <Form.Label>Upload a new header image</Form.Label>
          <Form.Control type="file" accept="image/*" ref={input} />
          <Form.Text muted>
            A JPEG, PNG, GIF, WebP, AVIF or TIFF image of up to 10 MB, wide rather than tall.
          </Form.Text>
        </Form.Group>
        {error && (
          <Alert variant="danger" role="alert">
            {error}
          </Alert>
        )}
        <SubmitButton busy={busy === 'upload'}>Upload</SubmitButton>
      </Form>
    </section>
  );
}
