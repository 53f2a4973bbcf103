// The rendered template of each message a send worker is delivering. Rendering (rewriting the
// links, the plain-text part) is done once per message; each copy then only fills in its
// recipient's tokens (chapterMessage.ts). A worker usually sends one message to a whole list,
// so a few recent ones are enough.
import type { Db } from '../db/client';
import { renderTemplate, type MessageTemplate, type RenderOptions } from './chapterMessage';
import { loadMessage } from './deliveries';

const KEPT = 8;

/** The template of a message, or null when the message is gone. */
export type TemplateOf = (messageId: number) => Promise<MessageTemplate | null>;

export function sendTemplates(db: Db, options: RenderOptions): TemplateOf {
  // Promises, so that the loops that start on a new message together load and render it once.
  const kept = new Map<number, Promise<MessageTemplate | null>>();
  return (messageId) => {
    const known = kept.get(messageId);
    if (known) return known;
    const made = loadMessage(db, messageId).then((message) =>
      message ? renderTemplate(message, options) : null,
    );
    if (kept.size >= KEPT) kept.delete(kept.keys().next().value!);
    kept.set(messageId, made);
    // A failed load (the database is away) is tried again next time, not remembered.
    made.catch(() => {
      if (kept.get(messageId) === made) kept.delete(messageId);
    });
    return made;
  };
}
