// Whole-list downloads by one user (issue 31): ten parallel exports of a big list by one host
// slowed /api/health to 3.8 s. A user runs at most two at once (the third is a 429 that says
// why), a place is free again when a download ends, and a download lets other work run between
// its batches.
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { TOO_MANY_DOWNLOADS } from './exportGate';
import { contactsForExport, STREAM_BATCH } from './memberStreams';
import {
  bulkContacts,
  giveChapterList,
  useMailingWorld,
  type MailingWorld,
  type TestApp,
} from './testWorld';

let t: TestApp;
let w: MailingWorld;
let bigList: string;
// Several batches: an unread download stays open, its next batch not yet read.
const MANY = 3 * STREAM_BATCH + 7;

useMailingWorld(async (world) => {
  ({ t, w } = world);
  bigList = await giveChapterList(t, w.chapters.other.id, 'Big export list');
  await bulkContacts(t.db, bigList, MANY, { prefix: 'x' });
});

const csvUrl = () => `/api/mailing_list/chapter/${w.chapters.other.id}/members.csv`;
const jsonUrl = () => `/api/mailing_list/chapter/${w.chapters.other.id}/contacts`;

/** A download whose body is read only when the test reads it: a client that is slow to take it. */
const slowDownload = (url: string, cookie: string) =>
  t.app.inject({ method: 'GET', url, headers: { cookie }, payloadAsStream: true });

describe('whole-list downloads per user', () => {
  it('runs two at once for a user; the third is a 429 saying why, and a place frees when one ends', async () => {
    const host = w.users.otherHost.cookie;
    const first = await slowDownload(csvUrl(), host);
    const second = await slowDownload(jsonUrl(), host);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);

    const third = await slowDownload(csvUrl(), host);
    expect(third.statusCode).toBe(429);
    expect(JSON.parse(await text(third.stream()))).toMatchObject({ message: TOO_MANY_DOWNLOADS });
    // Another user is not held back by this one's downloads.
    const admin = await slowDownload(csvUrl(), w.users.admin.cookie);
    expect(admin.statusCode).toBe(200);
    expect((await text(admin.stream())).split('\r\n')).toHaveLength(MANY + 2);

    // The first, read to its end, gives its place back; the fourth is a whole download.
    const all = await text(first.stream());
    expect(all.split('\r\n')).toHaveLength(MANY + 2);
    const fourth = await slowDownload(csvUrl(), host);
    expect(fourth.statusCode).toBe(200);
    expect(await text(fourth.stream())).toBe(all);
    expect(JSON.parse(await text(second.stream())).contacts).toHaveLength(MANY);
  });

  it('gives the event loop a turn between two batches of a download', async () => {
    const order: string[] = [];
    // The database as the export sees it, noting when it asks for a batch.
    const db = new Proxy(t.db, {
      get(target, prop) {
        if (prop === 'select') order.push('batch');
        const value: unknown = Reflect.get(target, prop, target);
        return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
      },
    }) as Db;
    const batches = contactsForExport(db, Number(bigList), 100);
    await batches.next();
    // Work that arrived meanwhile (a request, a timer) runs before the next batch is read.
    setImmediate(() => order.push('other work'));
    await batches.next();
    await batches.return(undefined);
    expect(order).toEqual(['batch', 'other work', 'batch']);
  });
});
