export type ToastType = 'success' | 'error' | 'warning' | 'info';

/** What a caller passes to show(); spec 1 §3 "Toast". */
export interface ToastOptions {
  type: ToastType;
  title: string;
  message: string;
  /** Hide by itself after `delay` ms; true unless said otherwise. */
  autoHide?: boolean;
  delay?: number;
}

export interface ToastItem extends Required<ToastOptions> {
  id: number;
  show: boolean;
}

export interface ToastApi {
  show: (options: ToastOptions) => number;
  hide: (id: number) => void;
}
