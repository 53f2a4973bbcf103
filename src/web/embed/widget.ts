// The events widget other sites put on their pages (issue 36):
//   <script src="https://SITE/embed.js" async></script>
//   <chapters-events chapter="upper-west-side" limit="3" theme="dark"></chapters-events>
// It draws in a shadow root (the page's CSS neither reaches in nor is touched), sets no cookie
// and sends none (the list is read without credentials), and needs no key. A wrong attribute, a
// hidden chapter or a failed request draws "No upcoming meetings": a host page never breaks.
// Built on its own by esbuild (scripts/build-embed.ts), without the app, React or zod.
import { EMBED_CSS, drawEmbedList } from '../../common/embedMarkup';
import type { EmbedEvents } from '../../common/schemas/embed';
import { SITE_NAME } from '../../common/constants';

/** Where this script came from: the site whose list it reads. */
const script = document.currentScript as HTMLScriptElement | null;
const SITE = script?.src ? new URL(script.src).origin : location.origin;

/** The attributes as the API takes them; checked here too, so a wrong one costs no request. */
const ATTRIBUTES: Record<string, RegExp> = {
  chapter: /^[a-z0-9][a-z0-9-]{0,99}$/,
  state: /^[A-Za-z]{2,3}$/,
  type: /^([A-Za-z]{3,12}|\d{1,2})$/,
  limit: /^([1-9]|1\d|20)$/,
};

/**
 * The list's style, one sheet for every widget on the page. A constructed sheet rather than a
 * <style> in the shadow root: a page whose Content-Security-Policy forbids inline styles (this
 * site's own, where the embed screens preview the widget) still lets it apply.
 */
let sheet: CSSStyleSheet | undefined;
function listStyle(): CSSStyleSheet {
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(EMBED_CSS);
  }
  return sheet;
}

class ChaptersEvents extends HTMLElement {
  static observedAttributes = [...Object.keys(ATTRIBUTES), 'theme'];
  readonly #root = this.attachShadow({ mode: 'open' });
  #asked = '';

  connectedCallback() {
    this.#root.adoptedStyleSheets = [listStyle()];
    this.#load();
  }

  attributeChangedCallback() {
    if (this.isConnected) this.#load();
  }

  #draw(data: EmbedEvents | null, busy = false) {
    this.#root.innerHTML = drawEmbedList(data, SITE_NAME, busy);
    this.#root.firstElementChild?.setAttribute('aria-busy', String(busy));
  }

  #load() {
    const query = new URLSearchParams();
    for (const [name, pattern] of Object.entries(ATTRIBUTES)) {
      const value = this.getAttribute(name)?.trim();
      if (!value) continue;
      if (!pattern.test(value)) return this.#draw(null);
      query.set(name, value);
    }
    const url = `${SITE}/api/embed/events?${query.toString()}`;
    if (url === this.#asked) return;
    this.#asked = url;
    this.#draw(null, true);
    fetch(url, { credentials: 'omit', mode: 'cors' })
      .then((res) => (res.ok ? (res.json() as Promise<EmbedEvents>) : null))
      .catch(() => null)
      .then((data) => {
        // A newer request (attributes changed meanwhile) draws its own answer.
        if (this.#asked === url) this.#draw(data);
      });
  }
}

if (!customElements.get('chapters-events'))
  customElements.define('chapters-events', ChaptersEvents);
