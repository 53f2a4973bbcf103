// The refusal every site admin call shares (spec 2 §2 "guarded by an admin check", §6): 401 to a
// visitor, 403 to anyone signed in who is not a site admin, however many chapters they run.
import { expect } from 'vitest';
import { send, type ApiRequest, type ChapterAdminWorld, type TestApp } from './chapterAdminWorld';

const NOT_ADMINS = ['noRole', 'otherHost', 'host', 'fieldOrganizer'] as const;

export async function expectAdminOnly(t: TestApp, w: ChapterAdminWorld, request: ApiRequest) {
  const label = `${request.method} ${request.url}`;
  const visitor = await send(t, request);
  expect(visitor.statusCode, `${label} as a visitor`).toBe(401);
  for (const kind of NOT_ADMINS) {
    const res = await send(t, request, w.cookies[kind]);
    expect(res.statusCode, `${label} as ${kind}`).toBe(403);
    expect(res.json(), `${label} as ${kind}`).toMatchObject({ statusCode: 403 });
  }
}
