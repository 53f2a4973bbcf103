import Toast from 'react-bootstrap/Toast';
import ToastContainer from 'react-bootstrap/ToastContainer';
import type { ToastItem, ToastType } from './toastTypes';

const BG: Record<ToastType, string> = {
  success: 'success',
  error: 'danger',
  warning: 'warning',
  info: 'info',
};
// White text only on the dark backgrounds, so every toast keeps AA contrast.
const TEXT: Record<ToastType, string> = {
  success: 'text-white',
  error: 'text-white',
  warning: 'text-dark',
  // The theme's info is a dark blue (Drinking's): white text, as on success and danger.
  info: 'text-white',
};

interface Props {
  toasts: ToastItem[];
  onHide: (id: number) => void;
  onExited: (id: number) => void;
}

/** Toasts at the top right. Each one is role="alert" (react-bootstrap), so it is announced. */
export function ToastStack({ toasts, onHide, onExited }: Props) {
  return (
    <ToastContainer
      as="section"
      aria-label="Notifications"
      position="top-end"
      containerPosition="fixed"
      className="p-3 app-toasts"
    >
      {toasts.map((t) => (
        <Toast
          key={t.id}
          bg={BG[t.type]}
          show={t.show}
          autohide={t.autoHide}
          delay={t.delay}
          onClose={() => onHide(t.id)}
          onExited={() => onExited(t.id)}
          data-toast-type={t.type}
        >
          <Toast.Header closeLabel="Close notification">
            <strong className="me-auto">{t.title}</strong>
          </Toast.Header>
          <Toast.Body className={TEXT[t.type]}>{t.message}</Toast.Body>
        </Toast>
      ))}
    </ToastContainer>
  );
}
