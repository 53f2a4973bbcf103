export { ToastProvider } from './ToastProvider';
export { useToast } from './useToast';
export type { ToastOptions, ToastType } from './toastTypes';
