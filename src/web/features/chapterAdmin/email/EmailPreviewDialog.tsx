import { useId } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import type { EmailPreview } from '../../../../common/schemas/mailing';

export type PreviewState =
  | { step: 'loading' }
  | { step: 'ready'; preview: EmailPreview }
  | { step: 'failed'; message: string };

/**
 * The server's rendering of a member's copy, in a frame that may run nothing: `sandbox` without
 * allow-scripts (and without allow-same-origin, so it cannot reach this page either). Its links
 * open in a new tab rather than inside the frame.
 */
function frameDocument(html: string): string {
  return html.replace(/<head>/i, '<head><base target="_blank">');
}

export function EmailPreviewDialog({
  state,
  onClose,
  onSend,
}: {
  state: PreviewState;
  onClose: () => void;
  /** Send from here (it asks first); absent when there is no list to send to. */
  onSend?: () => void;
}) {
  const titleId = useId();
  return (
    <Modal show onHide={onClose} size="lg" fullscreen="sm-down" aria-labelledby={titleId}>
      <Modal.Header closeButton>
        <Modal.Title as="h2" id={titleId} className="h5">
          Preview
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {state.step === 'loading' && (
          <p role="status">
            <Spinner as="span" animation="border" size="sm" className="me-2" aria-hidden="true" />
            Preparing the preview...
          </p>
        )}
        {state.step === 'failed' && (
          <Alert variant="danger" className="mb-0">
            {state.message}
          </Alert>
        )}
        {state.step === 'ready' && (
          <>
            <dl className="email-preview-meta row mb-2 small">
              <dt className="col-3 col-sm-2">From</dt>
              <dd className="col-9 col-sm-10 mb-1">{state.preview.fromName || '(the site)'}</dd>
              {state.preview.replyTo && (
                <>
                  <dt className="col-3 col-sm-2">Reply-To</dt>
                  <dd className="col-9 col-sm-10 mb-1 text-break">{state.preview.replyTo}</dd>
                </>
              )}
              <dt className="col-3 col-sm-2">Subject</dt>
              <dd className="col-9 col-sm-10 mb-1 text-break">{state.preview.subject}</dd>
            </dl>
            <iframe
              className="email-preview-frame"
              title="The email as members will see it"
              sandbox="allow-popups allow-popups-to-escape-sandbox"
              referrerPolicy="no-referrer"
              srcDoc={frameDocument(state.preview.html)}
            />
          </>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
        {onSend && state.step === 'ready' && <Button onClick={onSend}>Send</Button>}
      </Modal.Footer>
    </Modal>
  );
}
