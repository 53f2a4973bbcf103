// Chapters on other people's sites (issue 36), as a partner's web page shows them: a plain page
// on another origin (its own server and port, "localhost" against the site's 127.0.0.1) that
// loads the widget's script, shows a chapter's and a state's meetings, one in the dark theme, and
// frames a state's list. The page's own CSS must not reach into the widget, the site must set no
// cookie, and every other page of the site must still refuse to be framed.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from './harness';
import { site } from './sites';
import { evidence } from './evidence';

interface EmbedEvents {
  title: string;
  dates: { place: string; chapter: { title: string } }[];
}

let partner: Server;
let partnerUrl = '';

/** The partner's page: hostile CSS of its own, then the widget as the docs tell a host to paste it. */
const partnerPage = (siteUrl: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Our bookshop's events</title>
<style>
  body { font-family: serif; }
  li, p, a, span { color: rgb(255, 0, 0) !important; font-size: 40px !important; }
  ul { list-style: square !important; }
</style></head>
<body>
  <h1>Events at the bookshop</h1>
  <h2>Our chapter</h2>
  <chapters-events id="chapter" chapter="drinking-liberally-upper-west-side" limit="3"></chapters-events>
  <h2>Across New York</h2>
  <chapters-events id="state" state="ny" limit="5" theme="dark"></chapters-events>
  <h2>A wrong attribute</h2>
  <chapters-events id="wrong" state="zz"></chapters-events>
  <h2>In a frame</h2>
  <iframe id="frame" src="${siteUrl}/embed/state/ny?limit=3" width="420" height="400" title="Meetings in New York"></iframe>
  <iframe id="refused" src="${siteUrl}/" width="420" height="200" title="The site's home page"></iframe>
  <script src="${siteUrl}/embed.js" async></script>
</body></html>`;

test.beforeAll(async () => {
  partner = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(partnerPage(site().baseUrl));
  });
  await new Promise<void>((resolve) => partner.listen(0, '127.0.0.1', resolve));
  partnerUrl = `http://localhost:${(partner.address() as AddressInfo).port}/`;
});
test.afterAll(() => new Promise<void>((resolve) => partner.close(() => resolve())));

for (const width of [390, 1280]) {
  test(`a partner's page at ${width} px shows the widget and the frame, untouched by its CSS`, async ({
    page,
    context,
    consoleErrors,
  }) => {
    // The home page refusing to be framed is the point of that frame: Chromium says so.
    consoleErrors.allow(/frame-ancestors|Refused to (display|frame)/);
    // The wrong attribute's request is refused, as it should be: the browser logs the 400.
    consoleErrors.allow(/400 \(Bad Request\) \(.*\/api\/embed\/events\?state=zz\)/);
    await page.setViewportSize({ width, height: 900 });
    const chapterList = (await (
      await page.request.get('/api/embed/events?chapter=drinking-liberally-upper-west-side&limit=3')
    ).json()) as EmbedEvents;
    const stateList = (await (
      await page.request.get('/api/embed/events?state=ny&limit=5')
    ).json()) as EmbedEvents;
    expect(chapterList.dates.length).toBeGreaterThan(0);

    await page.goto(partnerUrl);
    const chapter = page.locator('#chapter');
    // Playwright's locators pierce open shadow roots: what a reader sees inside the widget.
    await expect(chapter.getByRole('listitem')).toHaveCount(chapterList.dates.length);
    await expect(chapter.getByRole('link', { name: chapterList.title })).toBeVisible();
    for (const [i, d] of chapterList.dates.entries()) {
      await expect(chapter.getByRole('listitem').nth(i)).toContainText(d.place);
    }
    const state = page.locator('#state');
    await expect(state.getByRole('listitem')).toHaveCount(stateList.dates.length);
    // Several chapters: each meeting names its chapter.
    await expect(state.getByRole('listitem').first()).toContainText(
      stateList.dates[0]!.chapter.title,
    );
    await expect(page.locator('#wrong')).toContainText('No upcoming meetings');

    // The page's CSS stayed outside: the widget's text is its own colour and size.
    const look = await chapter
      .locator('.place')
      .first()
      .evaluate((el) => {
        const style = getComputedStyle(el);
        return { color: style.color, size: style.fontSize };
      });
    expect(look.color).not.toBe('rgb(255, 0, 0)');
    expect(look.size).toBe('14px');
    // The dark theme: a dark background.
    const dark = await state
      .locator('.events')
      .evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(dark).toBe('rgb(21, 27, 34)');

    // The state's frame is drawn; the home page refuses to be framed.
    const frame = page.frameLocator('#frame');
    await expect(frame.getByRole('listitem').first()).toBeVisible();
    // Once the page has loaded (its frames with it), the refused frame holds Chromium's error
    // page, not the site.
    await page.waitForLoadState('load');
    const refused = await (await page.locator('#refused').elementHandle())!.contentFrame();
    expect(refused!.url()).not.toBe(`${site().baseUrl}/`);
    const framed = await (await page.locator('#frame').elementHandle())!.contentFrame();
    expect(framed!.url()).toBe(`${site().baseUrl}/embed/state/ny?limit=3`);

    // No cookie was set, by the widget's request or by the frame.
    expect(await context.cookies()).toEqual([]);
    await evidence(page, `embed-partner-${width}`, { fullPage: true });
  });
}
