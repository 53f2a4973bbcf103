import { useCallback, useState } from 'react';
import { errorMessage } from './errorMessage';
import { useSaveState } from './useSaveState';

/**
 * A form's save: its Save button's Saving and Saved (spec 2 §4), and when the save fails, what to
 * tell the user above the form: the server's own words, or `fallback` when it gave none.
 */
export function useFormSave(fallback: string) {
  const { state, run } = useSaveState();
  const [failure, setFailure] = useState<string | null>(null);

  /**
   * Posts, then does what follows a save (the caches, a toast, leaving the screen). `after` runs
   * once the button reads Saved; if it fails, the form says so like a failed post.
   */
  const attempt = useCallback(
    async <T>(post: () => Promise<T>, after: (saved: T) => Promise<void> | void) => {
      setFailure(null);
      try {
        await after(await run(post));
      } catch (err) {
        setFailure(errorMessage(err, fallback));
      }
    },
    [run, fallback],
  );

  return { state, failure, attempt };
}

export type FormSave = ReturnType<typeof useFormSave>;
