// A list's export imports back as the same members (issue 31, item 6): addresses that start
// with "+" or "-" and names a spreadsheet would run as formulas included. And a file saved as
// Latin-1 (windows-1252), as Excel's plain "CSV" is in the West, keeps its accented names.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import { importMembersFile } from '../../test/chapterAdminWorld';
import { signedInUser } from '../../test/users';
import { chapters, mailingListContacts } from '../../db/schema';
import { newList, type TestApp } from './testWorld';

let t: TestApp;
let made = 0;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
}, 120_000);
afterAll(() => t.close());

async function chapterWithList() {
  made += 1;
  const listId = await newList(t, `Round trip ${made}`);
  const [chapter] = await t.db
    .insert(chapters)
    .values({ title: 'Trip', slug: `trip-${made}-${Date.now()}`, status: 1, brontoListId: listId })
    .returning();
  const host = await signedInUser(t, { hostOf: [chapter!.id] });
  return { listId, chapterId: chapter!.id, cookie: host.cookie };
}

/** The list's members by address, in code-point order (a database's collation may skip + and -). */
const members = async (listId: string) =>
  (
    await t.db
      .select({ email: mailingListContacts.email, name: mailingListContacts.name })
      .from(mailingListContacts)
      .where(eq(mailingListContacts.listId, Number(listId)))
  ).sort((a, b) => (a.email < b.email ? -1 : 1));

describe('the export imports back', () => {
  it('as the same members, addresses starting with + or - and formula-like names included', async () => {
    const from = await chapterWithList();
    const file = [
      'email,name',
      '+cmd@example.org,=SUM(1+1)',
      '-minus@example.org,+Ann',
      'plain@example.org,-Bo',
      'at@example.org,@Cy',
    ].join('\r\n');
    expect(await importMembersFile(t, from, file)).toMatchObject({ added: 4, refused: [] });
    const before = await members(from.listId);
    expect(before).toEqual([
      { email: '+cmd@example.org', name: '=SUM(1+1)' },
      { email: '-minus@example.org', name: '+Ann' },
      { email: 'at@example.org', name: '@Cy' },
      { email: 'plain@example.org', name: '-Bo' },
    ]);

    const exported = await t.app.inject({
      url: `/api/mailing_list/chapter/${from.chapterId}/members.csv`,
      headers: { cookie: from.cookie },
    });
    expect(exported.statusCode).toBe(200);
    // Names are still guarded against spreadsheets; valid addresses are written as they are.
    // Each at the start of its line: an address written "'+cmd@..." would only come back by
    // the import's kindness to older exports.
    expect(exported.body).toMatch(/^\+cmd@example\.org,'=SUM\(1\+1\),/m);
    expect(exported.body).toMatch(/^-minus@example\.org,'\+Ann,/m);

    const to = await chapterWithList();
    expect(await importMembersFile(t, to, exported.body)).toMatchObject({ added: 4, refused: [] });
    expect(await members(to.listId)).toEqual(before);
  });

  it("takes an older export's guarded addresses back as the addresses", async () => {
    const to = await chapterWithList();
    await importMembersFile(t, to, "email,name\r\n'+cmd@example.org,'=X\r\n'-m@example.org,Mo\r\n");
    expect(await members(to.listId)).toEqual([
      { email: '+cmd@example.org', name: '=X' },
      { email: '-m@example.org', name: 'Mo' },
    ]);
  });
});

describe('a Latin-1 file', () => {
  it('keeps its accented names, read as windows-1252', async () => {
    const c = await chapterWithList();
    const latin1 = Buffer.from('email,name\r\njose@example.org,José Müller\r\n', 'latin1');
    expect(await importMembersFile(t, c, latin1)).toMatchObject({ added: 1, refused: [] });
    expect(await members(c.listId)).toEqual([{ email: 'jose@example.org', name: 'José Müller' }]);
  });
});
