import { describe, expect, it } from 'vitest';
import { letterMail, listUnsubscribeHeaders, renderLetter, unsubscribeUrl } from './layout';
import { meetingBlockOf } from './layoutMeeting';

const URL_ = 'https://chapters.example.org';

describe('the email layout', () => {
  it('escapes every value a person typed, in the HTML part only', () => {
    const { html, text } = renderLetter({
      publicUrl: URL_,
      subject: 'Hi <b>there</b>',
      chapter: { name: "Tom & Jerry's <script>", url: `${URL_}/chapter/ny/t"j` },
      greeting: 'Hi <img src=x onerror=alert(1)>,',
      blocks: [{ p: 'A & B' }, { button: 'Go "now"', url: `${URL_}/x?a=1&b=2` }],
      reason: 'Because <you>',
    });
    expect(html).not.toMatch(/<script>|<img src=x|<b>there/);
    expect(html).toContain('Tom &amp; Jerry&#39;s &lt;script&gt;');
    expect(html).toContain('href="https://chapters.example.org/chapter/ny/t&quot;j"');
    expect(html).toContain('href="https://chapters.example.org/x?a=1&amp;b=2"');
    expect(text).toContain('Hi <img src=x onerror=alert(1)>,');
    expect(text).toContain(`Go "now":\n${URL_}/x?a=1&b=2`);
  });

  it('shows the network, the chapter and its link, with no stylesheet to lose', () => {
    const { html } = renderLetter({
      publicUrl: URL_,
      subject: 'S',
      chapter: { name: 'Drinking Liberally Manhattan', url: `${URL_}/chapter/ny/manhattan` },
      blocks: [{ p: 'Hello' }],
    });
    expect(html).toContain(`<img src="${URL_}/email-logo.png"`);
    expect(html).toContain('Living Liberally</a>');
    expect(html).toContain(`href="${URL_}/chapter/ny/manhattan"`);
    expect(html).not.toMatch(/<style|<link /);
  });

  it('gives list mail an unsubscribe footer, and transactional mail none', () => {
    const list = renderLetter({
      publicUrl: URL_,
      subject: 'S',
      blocks: [{ p: 'Hello' }],
      list: { name: 'Manhattan', unsubscribeUrl: unsubscribeUrl(URL_, 'abc') },
    });
    expect(list.html).toContain(`href="${URL_}/unsubscribe/abc"`);
    expect(list.text).toContain(`Unsubscribe: ${URL_}/unsubscribe/abc`);
    expect(listUnsubscribeHeaders(unsubscribeUrl(URL_, 'abc'))).toEqual({
      'List-Unsubscribe': `<${URL_}/unsubscribe/abc>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });

    const receipt = letterMail('a@example.org', {
      publicUrl: URL_,
      subject: 'Receipt',
      blocks: [{ p: 'Thanks' }],
      reason: 'You applied.',
    });
    expect(receipt.headers).toBeUndefined();
    expect(receipt.html).not.toMatch(/unsubscribe/i);
    expect(receipt.text).not.toMatch(/unsubscribe/i);
    expect(receipt.text).toContain('You applied.');
  });

  it('shows a meeting with its zone, place, note and calendar links', () => {
    const meeting = meetingBlockOf(
      {
        publicUrl: URL_,
        chapterName: 'Manhattan',
        chapterPath: '/chapter/ny/manhattan',
        event: {
          name: 'The Dead Poet',
          slug: 'dead-poet',
          address1: '450 Amsterdam Ave',
          city: 'New York',
          state: 'NY',
        },
        meetsOn: '2026-12-01',
        startTime: '19:00',
        endTime: '21:00',
        start: '2026-12-02T00:00:00Z',
        end: '2026-12-02T02:00:00Z',
        timeZone: 'America/New_York',
        note: 'Back room <upstairs>',
      },
      'Next meeting',
    );
    const { html, text } = renderLetter({ publicUrl: URL_, subject: 'S', blocks: [{ meeting }] });
    expect(text).toContain('Tuesday, December 1, 2026, 7:00–9:00pm EST');
    expect(text).toContain('450 Amsterdam Ave, New York, NY');
    expect(text).toContain(`${URL_}/chapter/ny/manhattan/events/dead-poet`);
    expect(text).toContain(`${URL_}/api/chapter_calendar/event/dead-poet/event.ics`);
    expect(html).toContain('Back room &lt;upstairs&gt;');
    expect(html).toContain('https://calendar.google.com/calendar/render?');
    expect(html).toContain('https://outlook.live.com/');
  });
});
