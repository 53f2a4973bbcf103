import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../../../api';
import { errorMessage } from '../../../components/forms/errorMessage';

/**
 * Shows a failed save where it belongs: the server's `body.<field>` errors under those fields of
 * the form, anything else as the form's message (returned; null when every error found a field).
 */
export function placeServerError<T extends FieldValues>(
  err: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): string | null {
  const named = err instanceof ApiError ? (err.fields ?? []) : [];
  const placed = named.filter((f) => fields.includes(f.field.replace(/^body\./, '') as Path<T>));
  for (const f of placed) {
    setError(f.field.replace(/^body\./, '') as Path<T>, { type: 'server', message: f.message });
  }
  if (placed.length > 0 && placed.length === named.length) return null;
  return errorMessage(err, 'Your change could not be saved. Please try again.');
}
