import { describe, expect, it } from 'vitest';
import { messageLinks, personalize, renderTemplate } from './chapterMessage';

const source = {
  subject: 'Tuesday & more',
  body: '<p>Read <a href="https://example.org/a?x=1&amp;y=2">this</a>, <a href="mailto:h@example.org">write</a>, <a href="http://example.org/b" target="_blank" rel="noopener noreferrer">that</a>.</p>',
  fromName: 'Greenpoint <DL>',
  replyTo: 'greenpoint@example.org',
};
const recipient = {
  email: 'reader@example.org',
  trackingToken: 'a'.repeat(32),
  unsubscribeToken: 'b'.repeat(32),
};
const URL_ = 'https://chapters.example.org';

describe('messageLinks', () => {
  it('answers the web links of a body, as written', () => {
    expect([...messageLinks(source.body)]).toEqual([
      'https://example.org/a?x=1&y=2',
      'http://example.org/b',
    ]);
    expect(messageLinks('<p>none</p>').size).toBe(0);
  });
});

describe('a chapter email copy', () => {
  it('tracks web links and opens, and carries the unsubscribe link and headers', () => {
    const mail = personalize(
      renderTemplate(source, { publicUrl: URL_, tracking: true }),
      recipient,
      URL_,
    );
    expect(mail).toMatchObject({
      to: 'reader@example.org',
      subject: 'Tuesday & more',
      fromName: 'Greenpoint <DL>',
      replyTo: 'greenpoint@example.org',
      headers: {
        'List-Unsubscribe': `<${URL_}/unsubscribe/${'b'.repeat(32)}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    });
    const click = `${URL_}/api/mailing_list/click/${'a'.repeat(32)}?url=`;
    expect(mail.html).toContain(
      `href="${click}${encodeURIComponent('https://example.org/a?x=1&y=2')}"`,
    );
    expect(mail.html).toContain(`href="${click}${encodeURIComponent('http://example.org/b')}"`);
    expect(mail.html).toContain('href="mailto:h@example.org"');
    expect(mail.html).toContain(`<img src="${URL_}/api/mailing_list/open/${'a'.repeat(32)}"`);
    expect(mail.html).toContain(`<a href="${URL_}/unsubscribe/${'b'.repeat(32)}"`);
    expect(mail.html).toContain('<title>Tuesday &amp; more</title>');
    expect(mail.html).toContain('member of the Greenpoint &lt;DL&gt; mailing list');
    // The plain-text part keeps the links as written.
    expect(mail.text).toContain('https://example.org/a?x=1&y=2');
    expect(mail.text).not.toContain('/click/');
    expect(mail.text).toContain(`Unsubscribe: ${URL_}/unsubscribe/${'b'.repeat(32)}`);
  });

  it('has no pixel and plain links without tracking', () => {
    const mail = personalize(
      renderTemplate(source, { publicUrl: URL_, tracking: false }),
      recipient,
      URL_,
    );
    expect(mail.html).not.toContain('/api/mailing_list/');
    expect(mail.html).toContain('href="https://example.org/a?x=1&amp;y=2"');
    expect(mail.html).toContain(`${URL_}/unsubscribe/${'b'.repeat(32)}`);
  });

  it('fills each copy with its own tokens from one template', () => {
    const template = renderTemplate(source, { publicUrl: URL_, tracking: true });
    const other = {
      email: 'x@example.org',
      trackingToken: 'c'.repeat(32),
      unsubscribeToken: 'd'.repeat(32),
    };
    const a = personalize(template, recipient, URL_);
    const b = personalize(template, other, URL_);
    expect(b.html).not.toContain('a'.repeat(32));
    expect(b.html).toContain('c'.repeat(32));
    expect(a.html).not.toContain(template.trackingMark);
    expect(a.text).not.toContain(template.unsubscribeMark);
  });

  it('keeps a pasted data: image, with or without tracking', () => {
    const pasted = '<p><img src="data:image/png;base64,iVBORw0KGgo=" alt="flyer"></p>';
    for (const tracking of [true, false]) {
      const mail = personalize(
        renderTemplate({ ...source, body: pasted }, { publicUrl: URL_, tracking }),
        recipient,
        URL_,
      );
      expect(mail.html, String(tracking)).toContain('src="data:image/png;base64,iVBORw0KGgo="');
    }
  });

  it('gives each delivery one Message-ID at the site, the same on every try', () => {
    const template = renderTemplate(source, { publicUrl: URL_, tracking: true });
    const first = personalize(template, recipient, URL_);
    const again = personalize(
      renderTemplate(source, { publicUrl: URL_, tracking: true }),
      recipient,
      URL_,
    );
    expect(first.messageId).toBe(`<${'a'.repeat(32)}@chapters.example.org>`);
    expect(again.messageId).toBe(first.messageId);
  });
});
