// A multipart body that ends before its closing boundary (a connection cut mid-file, a client
// that counted wrong) is the client's problem, said as such (issue 31): 400 naming the field and
// asking for the file again, on an image upload (was 413, "too large") and on a member import
// (was 500, then an answer that never came: its CSV reader waited on a file stream that had
// already failed).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/app';
import { createMailingWorld, type TestApp } from '../modules/mailing/testWorld';
import { UPLOAD_CUT_OFF } from '../core/cutOffUpload';

let t: TestApp;
let w: Awaited<ReturnType<typeof createMailingWorld>>;
beforeAll(async () => {
  t = await createTestApp();
  w = await createMailingWorld(t);
}, 60_000);
afterAll(() => t.close());

/** A file part in a body that stops where the file's bytes do: no closing boundary. */
function cutOff(field: string, filename: string, data: Buffer | string) {
  const boundary = 'chapters-cut-off';
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
          'Content-Type: application/octet-stream\r\n\r\n',
      ),
      Buffer.from(data),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('an upload cut off before its end', () => {
  it.each([
    {
      what: 'a chapter header image',
      url: () => `/api/chapter/header_image/${w.chapters.town.id}`,
      body: () => cutOff('image', 'a.jpg', Buffer.alloc(4096, 7)),
      field: 'image',
    },
    {
      what: 'a member import',
      url: () => `/api/mailing_list/chapter/${w.chapters.town.id}/import`,
      body: () => cutOff('file', 'members.csv', 'email,name\nann@example.org,Ann\nbob@exa'),
      field: 'file',
    },
  ])('is a 400 asking for $what again', async ({ url, body, field }) => {
    const { payload, headers } = body();
    const res = await t.app.inject({
      method: 'POST',
      url: url(),
      payload,
      headers: { ...headers, cookie: w.users.host.cookie },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: UPLOAD_CUT_OFF,
      fields: [{ field, message: UPLOAD_CUT_OFF }],
    });
  });
});
