import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database';
import type { Database } from '../../db/client';
import { createUser } from '../../test/users';
import { recordActivity } from './service';

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('recordActivity', () => {
  it('writes an item with defaults for what is not given', async () => {
    const user = await createUser(database.db);
    const item = await recordActivity(database.db, {
      type: 'user_note',
      title: 'A note',
      note: 'text',
      userId: user.id,
    });
    expect(item).toMatchObject({
      type: 'user_note',
      title: 'A note',
      note: 'text',
      userId: user.id,
      chapterId: null,
      objectId: null,
      adminOnly: false,
      createdAt: expect.any(Date),
    });
  });

  it('writes inside a transaction and rolls back with it', async () => {
    const failing = database.db.transaction(async (tx) => {
      await recordActivity(tx, { type: 'press_mention', title: 'x', note: '', userId: null });
      throw new Error('undo');
    });
    await expect(failing).rejects.toThrow('undo');
    const all = await database.db.query.activityFeedItems.findMany();
    expect(all.map((i) => i.type)).toEqual(['user_note']);
  });
});
