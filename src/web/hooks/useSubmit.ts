import { useState, type BaseSyntheticEvent } from 'react';
import type { FieldValues, UseFormHandleSubmit } from 'react-hook-form';

/**
 * A form's submit with the message it leaves: the last message is cleared, the form is checked,
 * `action` runs (what it returns is shown, e.g. a refusal the server answered with 200), and a
 * throw becomes what `failed` makes of it. While it runs, react-hook-form's `isSubmitting` is the
 * busy state the submit button shows, and it ends however the action ends.
 */
export function useSubmit<T extends FieldValues, M = string>(
  handleSubmit: UseFormHandleSubmit<T>,
  action: (values: T) => Promise<M | null | void>,
  failed: (err: unknown) => M | null,
): { message: M | null; onSubmit: (event?: BaseSyntheticEvent) => void } {
  const [message, setMessage] = useState<M | null>(null);
  const onSubmit = (event?: BaseSyntheticEvent) =>
    void handleSubmit(async (values) => {
      setMessage(null);
      try {
        setMessage((await action(values)) ?? null);
      } catch (err) {
        setMessage(failed(err));
      }
    })(event);
  return { message, onSubmit };
}
