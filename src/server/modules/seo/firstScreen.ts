// What the seo module needs of the first screen drawn on the server: a function of this type.
// The drawing itself is the web app's (its own components, web/ssr/firstScreen.tsx); app.ts, the
// one place that assembles everything, hands it over, so no server module names a web file.

/** One of the server's own answers, or undefined for one the page does not carry. */
export type AnswerSource = (path: string) => Promise<{ status: number; body: string } | undefined>;

export interface FirstScreen {
  /** The screen's HTML, for the page's <main>. */
  html: string;
  /** The answers it was drawn with, as the app's query cache takes them (written as JSON). */
  answers: unknown;
}

/** Draws the screen at `url` as a visitor sees it, or null when no screen is drawn there. */
export type DrawFirstScreen = (
  url: string,
  answers: AnswerSource,
  options: { checkAnswers: boolean },
) => Promise<FirstScreen | null>;
