// What the kept answers sent within one piece of work showed (answerKeys.ts names). A page whose
// first screen is drawn on the server from the API's own answers (modules/seo/buildPage.ts)
// shows what those answers show, the authors of a chapter's posts say, which only their builds
// know: the page is forgotten with them.
import { AsyncLocalStorage } from 'node:async_hooks';

interface Shown {
  things: Set<string>;
  /** An answer that did not say what it shows: any change forgets it, and the page with it. */
  anything: boolean;
}

const collecting = new AsyncLocalStorage<Shown>();

/**
 * Runs `work`, and says what the kept answers sent inside it showed: a list of names, or
 * undefined when one of them may show anything.
 */
export async function collectShown<T>(
  work: () => Promise<T>,
): Promise<{ result: T; shown: readonly string[] | undefined }> {
  const shown: Shown = { things: new Set(), anything: false };
  const result = await collecting.run(shown, work);
  return { result, shown: shown.anything ? undefined : [...shown.things] };
}

/** Called where a kept answer is sent (publicAnswers.ts); nothing outside collectShown. */
export function noteShown(shows: ReadonlySet<string> | null): void {
  const shown = collecting.getStore();
  if (!shown) return;
  if (shows === null) shown.anything = true;
  else for (const thing of shows) shown.things.add(thing);
}
