// GET /api/geocode/postal_code: the postal code the Add Chapter form offers for a chapter made
// from an application, which asked only for a city and a state (issue 21).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import { postalCodeAnswerSchema } from '../../../common/schemas/chapterCreate';
import { expectAdminOnly } from '../../test/adminOnly';
import {
  createChapterAdminWorld,
  send,
  type ChapterAdminWorld,
  type TestApp,
} from '../../test/chapterAdminWorld';

let t: TestApp;
let w: ChapterAdminWorld;
beforeAll(async () => {
  t = await createTestApp();
  w = await createChapterAdminWorld(t);
});
afterAll(() => t.close());

const ask = (query: string) =>
  send(t, { method: 'GET', url: `/api/geocode/postal_code?${query}` }, w.cookies.admin);

describe('GET /api/geocode/postal_code', () => {
  it("answers a ZIP code of the application's city, by state abbreviation or name", async () => {
    const berkeley = await ask('city=Berkeley&state=CA');
    expect(berkeley.statusCode).toBe(200);
    const answer = postalCodeAnswerSchema.parse(berkeley.json());
    expect(answer.label).toBe('Berkeley, CA');
    expect(answer.postalCode).toMatch(/^947\d\d$/);
    const pittsburgh = postalCodeAnswerSchema.parse(
      (await ask('city=%20pittsburgh%20&state=Pennsylvania')).json(),
    );
    expect(pittsburgh).toMatchObject({ label: 'Pittsburgh, PA' });
    expect(pittsburgh.postalCode).toMatch(/^152\d\d$/);
  });

  it('answers 404 for a city the gazetteer does not know there, or a city abroad', async () => {
    for (const query of ['city=Berkeley&state=TX', 'city=London&state=INT']) {
      const res = await ask(query);
      expect(res.statusCode, query).toBe(404);
      expect(res.json().message, query).toMatch(/^No postal code found for /);
    }
  });

  it('answers 400 naming the field for a missing city or state', async () => {
    const res = await ask('state=CA');
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toMatch(/city/);
    expect((await ask(`city=${'x'.repeat(300)}&state=CA`)).statusCode).toBe(400);
  });

  it('is for admins only', async () => {
    await expectAdminOnly(t, w, { method: 'GET', url: '/api/geocode/postal_code?city=A&state=CA' });
  });
});
