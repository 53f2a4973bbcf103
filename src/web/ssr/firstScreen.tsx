// The first screen of a public page (home, a state, a chapter, an event), drawn on the server with the
// app's own components and the answers the screen asks for, so that a phone paints the page's
// content from the HTML, before any script has run. The answers travel in the page too: the app
// starts with them (main.tsx), draws the same screen at once and asks for none of them again.
// Runs only on the server: app.ts hands it to the seo module (modules/seo/firstScreen.ts has
// the type it meets); the browser's bundle never imports it.
import { AsyncLocalStorage } from 'node:async_hooks';
import {
  dehydrate,
  QueryClient,
  QueryClientProvider,
  type DehydratedState,
  type Query,
} from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
  type RouteObject,
} from 'react-router';
import { setAnswerSource } from '../api';
import { ToastContext } from '../components/toasts/ToastContext';
import { ChapterPage } from '../features/chapter/ChapterPage';
import { EventPage } from '../features/event/EventPage';
import type { ToastApi } from '../components/toasts/toastTypes';
import { currentUserKey } from '../hooks/useCurrentUser';
import { HomePage } from '../features/home/HomePage';
import { StatePage } from '../features/state/StatePage';
import { CHAPTER_PATH, EVENT_PATH, STATE_PATH } from '../routes/publicRoutes';

/** The screens drawn on the server, at their paths in the app (routes/publicRoutes.tsx). */
const SCREENS: RouteObject[] = [
  {
    path: '/',
    children: [
      { index: true, Component: HomePage },
      { path: STATE_PATH, Component: StatePage },
      { path: CHAPTER_PATH, Component: ChapterPage },
      { path: EVENT_PATH, Component: EventPage },
    ],
  },
];
const handler = createStaticHandler(SCREENS);

/** One of the server's own answers, or undefined for one the page does not carry. */
type AnswerSource = (path: string) => Promise<{ status: number; body: string } | undefined>;

// The screens ask for answers through web/api.ts as in the browser; here each is looked up in
// the source of the page being drawn.
interface Asking {
  answers: AnswerSource;
  /** Whether the screens check the answers against their schemas (not in production). */
  checkAnswers: boolean;
  /** Whether the query's function asked the page's answers, and found every one. */
  asked: boolean;
  missed: boolean;
}
const asking = new AsyncLocalStorage<Asking>();
setAnswerSource({
  async fetch(path) {
    const store = asking.getStore();
    const answer = await store?.answers(path);
    if (store) store[answer ? 'asked' : 'missed'] = true;
    if (!answer) throw new Error(`${path} is not carried by this page`);
    return new Response(answer.body, {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  },
  checks: () => asking.getStore()?.checkAnswers ?? true,
});

export interface FirstScreen {
  /** The screen's HTML, for the page's <main>. */
  html: string;
  /** The answers it was drawn with, as the app's query cache takes them (hydrate). */
  answers: DehydratedState;
}

/** Nothing is said in a toast while a screen is drawn; and no toast stack goes in the page. */
const NO_TOASTS: ToastApi = { show: () => 0, hide: () => undefined };

/** A screen waits for answers at most this many times (a chapter, then its posts and links). */
const MAX_ROUNDS = 4;

/**
 * Draws the screen at `url` as a visitor sees it, or null when no screen is drawn there. Each
 * round draws the screen, then fetches the answers it asked for that the source carries; the
 * screen is drawn again with them, until it asks for nothing new.
 */
export async function renderFirstScreen(
  url: string,
  answers: AnswerSource,
  { checkAnswers }: { checkAnswers: boolean },
): Promise<FirstScreen | null> {
  const context = await handler.query(new Request(new URL(url, 'http://localhost')));
  if (context instanceof Response || context.statusCode !== 200) return null;
  const router = createStaticRouter(handler.dataRoutes, context);
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity } },
  });
  // A visitor: the page is the same for everyone (a signed-in user's own view follows in the
  // browser, where the user is known).
  client.setQueryData(currentUserKey, null);
  const draw = () =>
    renderToString(
      <QueryClientProvider client={client}>
        <ToastContext.Provider value={NO_TOASTS}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </ToastContext.Provider>
      </QueryClientProvider>,
    );
  const tried = new Set<string>();
  let html = draw();
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const asked = client
      .getQueryCache()
      .getAll()
      .filter((q) => q.state.status === 'pending' && enabled(q) && !tried.has(q.queryHash));
    if (asked.length === 0) break;
    asked.forEach((q) => tried.add(q.queryHash));
    const filled = await Promise.all(asked.map((q) => fill(client, q, { answers, checkAnswers })));
    if (!filled.includes(true)) break;
    html = draw();
  }
  return {
    html: untilTheAppRuns(html),
    answers: dehydrate(client, {
      shouldDehydrateQuery: (q) =>
        q.state.status === 'success' && q.queryHash !== JSON.stringify(currentUserKey),
    }),
  };
}

/** Whether the screen asks for the query now (as `enabled`, which may be a function of it). */
function enabled(query: Query): boolean {
  const { enabled: option } = query.options as { enabled?: boolean | ((q: Query) => boolean) };
  return typeof option === 'function' ? option(query) : option !== false;
}

/**
 * Runs a query's own function (a first page for a paged one) against the page's answers. False
 * when it needed one the page does not carry, or asked for none (it reads something else).
 */
async function fill(
  client: QueryClient,
  query: Query,
  source: Pick<Asking, 'answers' | 'checkAnswers'>,
): Promise<boolean> {
  const { queryFn } = query.options;
  if (typeof queryFn !== 'function') return false;
  const paged = 'initialPageParam' in query.options;
  const pageParam: unknown = paged
    ? (query.options as { initialPageParam: unknown }).initialPageParam
    : undefined;
  const store: Asking = { ...source, asked: false, missed: false };
  try {
    const data = await asking.run(store, () =>
      queryFn({
        client,
        queryKey: query.queryKey,
        signal: new AbortController().signal,
        meta: query.meta,
        pageParam,
        direction: 'forward',
      } as Parameters<typeof queryFn>[0]),
    );
    if (!store.asked || store.missed) return false;
    client.setQueryData(query.queryKey, paged ? { pages: [data], pageParams: [pageParam] } : data);
    return true;
  } catch {
    return false; // not carried by the page: the browser asks for it
  }
}

/**
 * The screen's form controls come disabled: the app, not this HTML, handles them, and it draws
 * them anew when it starts. Typed into before that, they would lose what was typed; a disabled
 * control says it is not ready yet. Links work from the start.
 */
function untilTheAppRuns(html: string): string {
  return html.replace(/<(input|select|textarea|button)\b[^>]*>/g, (tag, name: string) =>
    / disabled(=|\s|>)/.test(tag) ? tag : `<${name} disabled=""${tag.slice(name.length + 1)}`,
  );
}
