// Postfix's own lookup of our aliases: `postmap -q ADDRESS pgsql:FILE` against the test
// database, with the map docs/mail-aliases.md gives. Runs where postmap is installed (CI
// installs postfix and postfix-pgsql) and the tests use PostgreSQL (TEST_DATABASE_URL).
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database';
import type { Database } from '../../db/client';
import { chapters, emailAliases, permissions } from '../../db/schema';
import { ROLE } from '../../../common/constants';
import { createUser } from '../../test/users';
import { queryRows } from '../../core/database';
import { POSTFIX_ALIAS_QUERY, POSTFIX_DOMAIN_QUERY, postfixPgsqlMap } from './postfixMap';

const run = promisify(execFile);
const postmap = ['/usr/sbin/postmap', '/usr/bin/postmap'].find((p) => existsSync(p));
const testDatabaseUrl = process.env.TEST_DATABASE_URL;

it('docs/mail-aliases.md gives the queries the test uses', () => {
  const docs = readFileSync(path.join(process.cwd(), 'docs/mail-aliases.md'), 'utf8');
  expect(docs).toContain(`query = ${POSTFIX_ALIAS_QUERY}`);
  expect(docs).toContain(`query = ${POSTFIX_DOMAIN_QUERY}`);
});

describe.skipIf(!postmap || !testDatabaseUrl)("Postfix's pgsql: lookup of the aliases", () => {
  let database: Database;
  let dir: string;
  let aliasMap: string;
  let domainMap: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    const [{ name } = { name: '' }] = await queryRows<{ name: string }>(
      database.db,
      sql`select current_database() as name`,
    );
    const url = new URL(testDatabaseUrl!);
    dir = mkdtempSync(path.join(tmpdir(), 'postfix-map-'));
    // postmap reads main.cf from its configuration directory; an empty one will do.
    writeFileSync(path.join(dir, 'main.cf'), '');
    const connection = {
      host: url.hostname,
      port: Number(url.port || 5432),
      user: decodeURIComponent(url.username || 'postgres'),
      password: decodeURIComponent(url.password),
      dbname: name,
    };
    aliasMap = path.join(dir, 'virtual_aliases.cf');
    domainMap = path.join(dir, 'virtual_domains.cf');
    writeFileSync(aliasMap, postfixPgsqlMap({ ...connection, query: POSTFIX_ALIAS_QUERY }));
    writeFileSync(domainMap, postfixPgsqlMap({ ...connection, query: POSTFIX_DOMAIN_QUERY }));
  }, 60_000);
  afterAll(async () => {
    await database?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  async function lookup(map: string, key: string): Promise<string | null> {
    try {
      const { stdout } = await run(postmap!, ['-c', dir, '-q', key, `pgsql:${map}`]);
      return stdout.trim();
    } catch (err) {
      // postmap exits 1 when the key is not found; anything else is a real failure.
      if ((err as { code?: number }).code === 1) return null;
      throw err;
    }
  }

  it("finds a chapter's alias, a hand-made alias, and nothing for an unknown address", async () => {
    const db = database.db;
    const [chapter] = await db
      .insert(chapters)
      .values({ title: 'Lakeside', slug: 'lakeside', emailAlias: 'lakeside', chapterTypeId: 6 })
      .returning();
    const one = await createUser(db, { email: 'host.one@example.org' });
    const two = await createUser(db, { email: 'Host.Two@example.org' });
    await db.insert(permissions).values([
      { userId: one.id, roleId: ROLE.chapterHost, chapterId: chapter!.id },
      { userId: two.id, roleId: ROLE.chapterHost, chapterId: chapter!.id },
    ]);
    await db.insert(emailAliases).values({
      localPart: 'Press.Desk',
      domain: 'livingliberally.org',
      recipients: ['ann@example.org', 'ben@example.org'],
    });

    expect(await lookup(aliasMap, 'lakeside@readingliberally.org')).toBe(
      'host.one@example.org,Host.Two@example.org',
    );
    expect(await lookup(aliasMap, 'press.desk@LivingLiberally.org')).toBe(
      'ann@example.org,ben@example.org',
    );
    expect(await lookup(aliasMap, 'nobody@livingliberally.org')).toBeNull();
    expect(await lookup(aliasMap, 'press.desk')).toBeNull();
    expect(await lookup(domainMap, 'readingliberally.org')).toBe('readingliberally.org');
    expect(await lookup(domainMap, 'example.com')).toBeNull();
  });
});
