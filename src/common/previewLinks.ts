// A preview of a list email (the meeting reminder's on Chapter Settings; Send Email's preview
// and its test copy) is no member's copy: its "I'm going" and unsubscribe links carry this word
// in place of a copy's own token, and the pages they open say that it was a preview instead of
// calling the link not valid.

/** The token a preview's links carry; never a real one (those are 32 hex digits). */
export const PREVIEW_TOKEN = 'preview';

export const isPreviewToken = (token: string): boolean => token === PREVIEW_TOKEN;
