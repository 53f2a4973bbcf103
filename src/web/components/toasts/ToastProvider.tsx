import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { LIMITS } from '../../../common/constants';
import { ToastContext } from './ToastContext';
import { ToastStack } from './ToastStack';
import type { ToastApi, ToastItem, ToastOptions } from './toastTypes';

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const nextId = useRef(1);

  const show = useCallback((options: ToastOptions) => {
    const id = nextId.current++;
    const item: ToastItem = {
      id,
      type: options.type,
      title: options.title,
      message: options.message,
      autoHide: options.autoHide ?? true,
      delay: options.delay ?? LIMITS.toastDelayMs,
      show: true,
    };
    setToasts((list) => [...list, item]);
    return id;
  }, []);

  // Hiding first lets the fade-out run; the toast is dropped once it has faded.
  const hide = useCallback((id: number) => {
    setToasts((list) => list.map((t) => (t.id === id ? { ...t, show: false } : t)));
  }, []);
  const remove = useCallback((id: number) => {
    setToasts((list) => list.filter((t) => t.id !== id));
  }, []);

  const api = useMemo<ToastApi>(() => ({ show, hide }), [show, hide]);

  return (
    <ToastContext.Provider value={api}>
      {children}
      <ToastStack toasts={toasts} onHide={hide} onExited={remove} />
    </ToastContext.Provider>
  );
}
