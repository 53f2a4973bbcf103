// Issue 34, item 4: a host application's receipt, its notices, the new host's welcome and the
// news of a chapter made active. Who gets each, who does not, and what it says.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import { signedInUser } from '../../test/users';
import { insertChapter } from '../../test/chapterAdminWorld';
import { mailOutbox } from '../../db/schema';

let t: Awaited<ReturnType<typeof createTestApp>>;
type Someone = Awaited<ReturnType<typeof signedInUser>>;
let applicant: Someone;
let admin: Someone;
let ohioOrganizer: Someone;
let nyOrganizer: Someone;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
  const ohio = await insertChapter(t, { title: 'Columbus', city: 'Columbus', state: 'OH' });
  const ny = await insertChapter(t, { title: 'Greenpoint', state: 'NY' });
  applicant = await signedInUser(t, { name: 'Ann Applicant', email: 'ann@example.org' });
  admin = await signedInUser(t, { admin: true, email: 'boss@example.org', name: 'Bo Admin' });
  ohioOrganizer = await signedInUser(t, {
    email: 'oh-fo@example.org',
    fieldOrganizerOf: [ohio.id],
  });
  nyOrganizer = await signedInUser(t, { email: 'ny-fo@example.org', fieldOrganizerOf: [ny.id] });
});
afterAll(() => t.close());

const mailTo = async (email: string) =>
  (await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email))).at(-1);

describe('a host application', () => {
  let slug = '';
  it("sends the applicant a receipt and the admins and the state's field organizers a notice", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/chapter_host_application',
      headers: { cookie: applicant.cookie },
      payload: { city: 'Dayton', state: 'OH', type: 'dining', reason: 'Friends <b>want</b> it.' },
    });
    expect(res.statusCode).toBe(200);
    slug = res.json().slug;

    const receipt = await mailTo('ann@example.org');
    expect(receipt!.subject).toBe(
      'We have your application to start a Dining Liberally chapter in Dayton, OH',
    );
    expect(receipt!.text).toContain('What happens next');
    expect(receipt!.text).toContain(`/my_chapter_host_applications/${slug}`);
    expect(receipt!.text).not.toMatch(/unsubscribe/i);
    expect(receipt!.headers).not.toHaveProperty('List-Unsubscribe');

    const notice = await mailTo(admin.email);
    expect(notice!.subject).toBe('New host application: Dining Liberally in Dayton, OH');
    expect(notice!.text).toContain(`/admin/chapter_host_applications/${slug}`);
    expect(notice!.html).toContain('Friends &lt;b&gt;want&lt;/b&gt; it.');

    const organizer = await mailTo(ohioOrganizer.email);
    expect(organizer!.text).toContain('Ann Applicant applied to host a chapter in Dayton, OH');
    // Applications are the admins' screen: no link a field organizer could not open.
    expect(organizer!.text).not.toContain('/admin/chapter_host_applications/');
    expect(await mailTo(nyOrganizer.email)).toBeUndefined();
  });

  it('emails the new host when a chapter is made from it, with a set-password link and the steps', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/chapter/new',
      headers: { cookie: admin.cookie },
      payload: {
        title: 'Dayton',
        city: 'Dayton',
        state: 'OH',
        postalCode: '45402',
        country: 'US',
        about: '',
        chapterHostApplicationSlug: slug,
      },
    });
    expect(res.statusCode).toBe(200);
    const chapter = res.json();
    const welcome = await mailTo('ann@example.org');
    expect(welcome!.subject).toBe('Your chapter is ready to set up: Dayton');
    expect(welcome!.text).toContain(`/chapter/oh/${chapter.slug}`);
    expect(welcome!.text).toMatch(/\/password_verify\/[A-Za-z0-9_-]+/);
    expect(welcome!.text).toContain('Your first event');
    expect(welcome!.text).not.toMatch(/password: \S/i);

    // Hidden to active: the host hears of it, once.
    const before = (await t.db.select().from(mailOutbox)).length;
    const activate = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/chapter',
        headers: { cookie: admin.cookie },
        payload: { id: chapter.id, status: 1 },
      });
    expect((await activate()).statusCode).toBe(200);
    const live = await mailTo('ann@example.org');
    expect(live!.subject).toBe('Dayton is live');
    expect((await t.db.select().from(mailOutbox)).length).toBe(before + 1);
    expect((await activate()).statusCode).toBe(200);
    expect((await t.db.select().from(mailOutbox)).length).toBe(before + 1);
  });

  it("writes a place abroad by its city alone, not with the pseudo-state 'INT'", async () => {
    const abroad = await signedInUser(t, { name: 'Tom Abroad', email: 'tom@example.org' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/chapter_host_application',
      headers: { cookie: abroad.cookie },
      payload: { city: 'Toronto', state: 'INT', type: 'reading', reason: 'Book club.' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await mailTo('tom@example.org'))!.subject).toBe(
      'We have your application to start a Reading Liberally chapter in Toronto',
    );
    const notice = await mailTo(admin.email);
    expect(notice!.subject).toBe('New host application: Reading Liberally in Toronto');
    expect(notice!.text).not.toContain('INT');
  });
});
