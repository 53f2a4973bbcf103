// The admins' press list (spec 2 §2 /admin/press_mentions, §3 PressMention): every mention, and
// the network's own (saved with chapterId -1).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import { pressMentionSchema } from '../../../common/schemas/chapters';
import {
  createChapterAdminWorld,
  send,
  type ChapterAdminWorld,
  type TestApp,
} from '../../test/chapterAdminWorld';
import { expectAdminOnly } from '../../test/adminOnly';

let t: TestApp;
let w: ChapterAdminWorld;
beforeAll(async () => {
  t = await createTestApp();
  w = await createChapterAdminWorld(t, { status: 0 });
});
afterAll(() => t.close());

const save = (payload: object) =>
  send(t, { method: 'POST', url: '/api/press_mention/', payload }, w.cookies.admin);
const get = (url: string) => send(t, { method: 'GET', url }, w.cookies.admin);

describe('GET /api/press_mention/all and /api/press_mention/network', () => {
  it("answer every mention (hidden ones and hidden chapters' too), and the network's own", async () => {
    const network = (
      await save({ title: 'Network', url: 'https://n.example/', chapterId: -1 })
    ).json();
    const hiddenOne = (
      await save({ title: 'Quiet', url: 'https://q.example/', chapterId: -1, isVisible: false })
    ).json();
    const ofChapter = (
      await save({ title: 'Local', url: 'https://l.example/', chapterId: w.chapter.id })
    ).json();
    const all = pressMentionSchema.array().parse((await get('/api/press_mention/all')).json());
    expect(all.map((m) => m.id)).toEqual([ofChapter.id, hiddenOne.id, network.id]);
    expect(all[0]!.chapter).toMatchObject({ id: w.chapter.id });
    const own = pressMentionSchema.array().parse((await get('/api/press_mention/network')).json());
    expect(own.map((m) => m.id)).toEqual([hiddenOne.id, network.id]);
    expect(own.every((m) => m.chapterId === null && m.chapter === null)).toBe(true);
  });

  it('are for admins only', async () => {
    await expectAdminOnly(t, w, { method: 'GET', url: '/api/press_mention/all' });
    await expectAdminOnly(t, w, { method: 'GET', url: '/api/press_mention/network' });
  });
});
