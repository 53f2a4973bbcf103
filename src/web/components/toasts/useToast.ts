import { useContext } from 'react';
import { ToastContext } from './ToastContext';
import type { ToastApi } from './toastTypes';

/** `const toast = useToast(); toast.show({ type: 'success', title: 'Saved', message: '...' })` */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside <ToastProvider>');
  return api;
}
