// Importing a chapter list from a CSV file (issue 23): the header found or not, addresses that
// must never come back (unsubscribed, blocked, bounced), repeats and bad lines refused by line,
// a file broken past its header changing nothing, the limits, and who may import.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import { multipartBody } from '../../test/chapterAdminWorld';
import { chapters, mailingListContacts } from '../../db/schema';
import { signedInUser } from '../../test/users';
import { IMPORT_REFUSALS, MEMBER_IMPORT } from '../../../common/memberImport';
import { memberImportAnswerSchema } from '../../../common/schemas/memberImport';
import {
  addContacts,
  createMailingWorld,
  newList,
  setEmailService,
  type TestApp,
} from './testWorld';

let t: TestApp;
let w: Awaited<ReturnType<typeof createMailingWorld>>;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
  w = await createMailingWorld(t);
}, 60_000);
afterAll(() => t.close());

const importUrl = (chapterId: number) => `/api/mailing_list/chapter/${chapterId}/import`;

function upload(csv: string | Buffer, cookie?: string, chapterId = w.chapters.town.id) {
  const body = multipartBody([
    { name: 'file', data: csv, filename: 'members.csv', contentType: 'text/csv' },
  ]);
  return t.app.inject({
    method: 'POST',
    url: importUrl(chapterId),
    payload: body.payload,
    headers: { ...body.headers, ...(cookie ? { cookie } : {}) },
  });
}

/** A chapter of its own with a fresh list, and its host: each test starts from a known list. */
async function freshChapter(label: string) {
  const listId = await newList(t, `${label} list`);
  const [chapter] = await t.db
    .insert(chapters)
    .values({
      title: label,
      slug: `import-${label}-${Date.now()}`,
      city: 'Durham',
      state: 'NC',
      status: 1,
      brontoListId: listId,
    })
    .returning();
  const host = await signedInUser(t, { hostOf: [chapter!.id] });
  return { listId, chapterId: chapter!.id, cookie: host.cookie };
}

async function members(listId: string) {
  return t.db
    .select({
      email: mailingListContacts.email,
      name: mailingListContacts.name,
      status: mailingListContacts.status,
    })
    .from(mailingListContacts)
    .where(eq(mailingListContacts.listId, Number(listId)))
    .orderBy(sql`lower(${mailingListContacts.email})`);
}

async function imported(csv: string, c: { chapterId: number; cookie: string }) {
  const res = await upload(csv, c.cookie, c.chapterId);
  expect(res.statusCode, res.body).toBe(200);
  return memberImportAnswerSchema.parse(res.json());
}

describe('POST /api/mailing_list/chapter/:chapterId/import', () => {
  it('finds the header by its names, in any column, and keeps first and last names', async () => {
    const c = await freshChapter('header');
    const answer = await imported(
      'First Name,Last Name,E-mail Address,Zip\r\nAnn,Lee,ann@example.org,27701\r\n' +
        'Bo,,BO@Example.org,27702\r\n"Cy ""C""",Day,cy@example.org,27703\r\n',
      c,
    );
    expect(answer).toEqual({ added: 3, alreadyMembers: 0, refused: [] });
    expect(await members(c.listId)).toEqual([
      { email: 'ann@example.org', name: 'Ann Lee', status: 'active' },
      { email: 'BO@Example.org', name: 'Bo', status: 'active' },
      { email: 'cy@example.org', name: 'Cy "C" Day', status: 'active' },
    ]);
  });

  it('takes a file without a header: the column of addresses, then the next text column', async () => {
    const c = await freshChapter('noheader');
    const answer = await imported('17,ann@example.org,Ann Lee\n18,bob@example.org,"Bob, Jr."\n', c);
    expect(answer).toEqual({ added: 2, alreadyMembers: 0, refused: [] });
    expect(await members(c.listId)).toEqual([
      { email: 'ann@example.org', name: 'Ann Lee', status: 'active' },
      { email: 'bob@example.org', name: 'Bob, Jr.', status: 'active' },
    ]);
  });

  it('reads a header it does not know by name when the addresses are below it', async () => {
    const c = await freshChapter('oddheader');
    const answer = await imported('Subscriber,Who\nann@example.org,Ann\n', c);
    expect(answer).toEqual({ added: 1, alreadyMembers: 0, refused: [] });
    expect(await members(c.listId)).toEqual([
      { email: 'ann@example.org', name: 'Ann', status: 'active' },
    ]);
  });

  it('never adds back an unsubscribed, blocked or bounced address, and says which, by line', async () => {
    const c = await freshChapter('statuses');
    await addContacts(t, c.listId, ['gone@example.org'], 'unsub');
    await addContacts(t, c.listId, ['stopped@example.org'], 'blocked');
    await addContacts(t, c.listId, ['full@example.org'], 'bounce');
    await addContacts(t, c.listId, ['here@example.org'], 'active');
    await addContacts(t, c.listId, ['pending@example.org'], 'unconfirmed');
    // Bounced on another list of the site: the mailbox refuses mail, whichever list sends it.
    await addContacts(t, w.lists.loose, ['elsewhere@example.org'], 'bounce');
    const answer = await imported(
      'email\nGONE@example.org\nstopped@example.org\nfull@example.org\nhere@example.org\n' +
        'pending@example.org\nelsewhere@example.org\nnew@example.org\n',
      c,
    );
    expect(answer.added).toBe(1);
    expect(answer.alreadyMembers).toBe(2);
    expect(answer.refused).toEqual([
      { line: 2, value: 'GONE@example.org', reason: IMPORT_REFUSALS.unsubscribed },
      { line: 3, value: 'stopped@example.org', reason: IMPORT_REFUSALS.blocked },
      { line: 4, value: 'full@example.org', reason: IMPORT_REFUSALS.bounced },
      { line: 7, value: 'elsewhere@example.org', reason: IMPORT_REFUSALS.bounced },
    ]);
    for (const r of answer.refused) {
      expect(r.reason).toMatch(/^(Unsubscribed|Blocked|Bounced):/);
    }
    const statuses = Object.fromEntries((await members(c.listId)).map((m) => [m.email, m.status]));
    expect(statuses).toEqual({
      'full@example.org': 'bounce',
      'gone@example.org': 'unsub',
      'here@example.org': 'active',
      'new@example.org': 'active',
      // The host vouches for someone who signed up and did not confirm yet.
      'pending@example.org': 'active',
      'stopped@example.org': 'blocked',
    });
  });

  it('refuses repeats within the file, bad addresses and empty address cells, each by line', async () => {
    const c = await freshChapter('lines');
    const answer = await imported(
      'email,name\nann@example.org,Ann\nnot-an-address,X\n,Nobody\nANN@example.org,Ann again\n' +
        '"multi\nline@example.org",Y\nbob@example.org,Bob\n',
      c,
    );
    expect(answer.added).toBe(2);
    expect(answer.refused).toEqual([
      { line: 3, value: 'not-an-address', reason: IMPORT_REFUSALS.invalid },
      { line: 4, value: '', reason: IMPORT_REFUSALS.missing },
      { line: 5, value: 'ANN@example.org', reason: IMPORT_REFUSALS.duplicate(2) },
      { line: 6, value: 'multi\nline@example.org', reason: IMPORT_REFUSALS.invalid },
    ]);
    expect((await members(c.listId)).map((m) => m.email)).toEqual([
      'ann@example.org',
      'bob@example.org',
    ]);
  });

  it('keeps the names for the export, whose file imports back as it was', async () => {
    const c = await freshChapter('roundtrip');
    await imported('email,name\nann@example.org,Ann Lee\nbob@example.org,-Bob\n', c);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/mailing_list/chapter/${c.chapterId}/members.csv`,
      headers: { cookie: c.cookie },
    });
    expect(res.body).toContain('\r\nann@example.org,Ann Lee,active,');
    // The export guards a cell a spreadsheet would run as a formula.
    expect(res.body).toContain("\r\nbob@example.org,'-Bob,active,");
    const again = await freshChapter('roundtrip2');
    expect(await imported(res.body, again)).toEqual({ added: 2, alreadyMembers: 0, refused: [] });
    expect(await members(again.listId)).toEqual([
      { email: 'ann@example.org', name: 'Ann Lee', status: 'active' },
      { email: 'bob@example.org', name: '-Bob', status: 'active' },
    ]);
  });

  it('takes a name with a NUL character without it, and refuses such an address', async () => {
    const c = await freshChapter('nul');
    const answer = await imported(
      'email,name\nann@example.org,An\u0000n\nb\u0000@example.org,B\n',
      c,
    );
    expect(answer.added).toBe(1);
    expect(answer.refused).toEqual([
      { line: 3, value: 'b\u0000@example.org', reason: IMPORT_REFUSALS.invalid },
    ]);
    expect(await members(c.listId)).toEqual([
      { email: 'ann@example.org', name: 'Ann', status: 'active' },
    ]);
  });

  it('counts members already on the list and changes nothing about them', async () => {
    const c = await freshChapter('again');
    await imported('email\nann@example.org\nbob@example.org\n', c);
    const answer = await imported('ann@example.org\ncy@example.org\n', c);
    expect(answer).toEqual({ added: 1, alreadyMembers: 1, refused: [] });
  });

  it('changes nothing when the file is malformed past its header, and names the line', async () => {
    const c = await freshChapter('broken');
    const good = Array.from({ length: 12_000 }, (_, i) => `m${i}@example.org,M ${i}`).join('\n');
    for (const broken of [
      `email,name\n${good}\nlast@example.org,"unclosed\n`,
      `email,name\n${good}\nlast@example.org,Last,extra\n`,
    ]) {
      const res = await upload(broken, c.cookie, c.chapterId);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toMatch(/^Line 12002 could not be read as CSV/);
      expect(res.json().fields[0].field).toBe('file');
    }
    expect(await members(c.listId)).toEqual([]);
  });

  it('rolls back rows already written when a later chunk fails', async () => {
    const c = await freshChapter('rollback');
    const rows = Array.from({ length: 7000 }, (_, i) => `r${i}@example.org`);
    // A name past what any row may hold makes the second chunk's insert fail in the database.
    await t.db.execute(
      sql`alter table mailing_list_contacts add constraint import_test_name check (name is null or name <> 'Boom')`,
    );
    try {
      const csv = `email,name\n${rows.map((r, i) => (i === 6000 ? `${r},Boom` : r + ',')).join('\n')}\n`;
      const res = await upload(csv, c.cookie, c.chapterId);
      expect(res.statusCode).toBe(500);
    } finally {
      await t.db.execute(sql`alter table mailing_list_contacts drop constraint import_test_name`);
    }
    expect(await members(c.listId)).toEqual([]);
  });

  it('refuses an empty file, a field of another name and a JSON body with a clear message', async () => {
    const c = await freshChapter('empty');
    const empty = await upload('\n\n', c.cookie, c.chapterId);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('The file has no rows to import.');
    const other = multipartBody([{ name: 'image', data: 'a@b.org', filename: 'x.csv' }]);
    const wrongField = await t.app.inject({
      method: 'POST',
      url: importUrl(c.chapterId),
      payload: other.payload,
      headers: { ...other.headers, cookie: c.cookie },
    });
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().message).toBe('Choose a CSV file to import.');
    const json = await t.app.inject({
      method: 'POST',
      url: importUrl(c.chapterId),
      payload: { emails: 'a@b.org' },
      headers: { cookie: c.cookie },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toMatch(/multipart\/form-data/);
  });

  it('answers 413 past 20 MB and past 200,000 rows, adding nobody', async () => {
    const c = await freshChapter('limits');
    // Long rows: the size limit, not the row limit, is what this file passes.
    const row = `someone@example.org,${'A long name '.repeat(80)}\n`;
    const big = Buffer.from(row.repeat(Math.ceil((MEMBER_IMPORT.maxBytes + 1024) / row.length)));
    const tooBig = await upload(big, c.cookie, c.chapterId);
    expect(tooBig.statusCode, tooBig.body).toBe(413);
    expect(tooBig.json().message).toMatch(/larger than 20 MB/);
    const rows = Array.from({ length: MEMBER_IMPORT.maxRows + 1 }, (_, i) => `${i}@x.org`);
    const tooMany = await upload(`email\n${rows.join('\n')}\n`, c.cookie, c.chapterId);
    expect(tooMany.statusCode, tooMany.body).toBe(413);
    expect(tooMany.json().message).toMatch(/more than 200,000 rows/);
    expect(await members(c.listId)).toEqual([]);
  }, 240_000);

  it('lets the chapter’s field organizers and admins import; nobody else', async () => {
    const csv = 'email\norganized@example.org\n';
    expect((await upload(csv, w.users.fieldOrganizer.cookie)).statusCode).toBe(200);
    expect((await upload('adminned@example.org\n', w.users.admin.cookie)).statusCode).toBe(200);
    const anonymous = await upload('anon@example.org\n');
    expect(anonymous.statusCode).toBe(401);
    const otherHost = await upload('intruder@example.org\n', w.users.otherHost.cookie);
    expect(otherHost.statusCode).toBe(403);
    expect((await upload('plain@example.org\n', w.users.plain.cookie)).statusCode).toBe(403);
    const emails = (
      await t.db
        .select({ email: mailingListContacts.email })
        .from(mailingListContacts)
        .where(
          and(
            eq(mailingListContacts.listId, Number(w.lists.town)),
            sql`${mailingListContacts.email} in ('anon@example.org', 'intruder@example.org', 'plain@example.org', 'organized@example.org')`,
          ),
        )
    ).map((r) => r.email);
    expect(emails).toEqual(['organized@example.org']);
  });

  it('answers 409 for a chapter without a list', async () => {
    const res = await upload(
      'a@example.org\n',
      w.users.listlessHost.cookie,
      w.chapters.listless.id,
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/no mailing list yet/);
  });
});

describe('import on a site whose lists Brevo keeps', () => {
  it('answers 409: the file goes to Brevo itself', async () => {
    const brevoApp = await createTestApp({
      // Never called: the import is refused before any call to Brevo.
      env: { BREVO_API_KEY: 'test-key', BREVO_API_URL: 'http://127.0.0.1:9' },
    });
    try {
      await brevoApp.app.ready();
      const world = await createMailingWorld(brevoApp);
      await setEmailService(brevoApp, 'sendInBlue');
      const body = multipartBody([{ name: 'file', data: 'a@example.org\n', filename: 'x.csv' }]);
      const res = await brevoApp.app.inject({
        method: 'POST',
        url: importUrl(world.chapters.town.id),
        payload: body.payload,
        headers: { ...body.headers, cookie: world.users.host.cookie },
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toMatch(/kept by Brevo: import the file in Brevo itself/);
    } finally {
      await brevoApp.close();
    }
  }, 60_000);
});
