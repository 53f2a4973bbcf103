// Fuzzing the API from its own contract: for every operation of the OpenAPI document, requests
// with generated path parameters, queries and bodies (valid by the document's schemas, and
// broken: wrong types, missing or extra fields, out-of-range numbers, NUL characters, malformed
// JSON, a wrong content type), sent as a visitor, a plain user, another chapter's host, a host, a
// field organizer and an admin. Every answer must be below 500, every 4xx must be the one error
// shape, and no refused call may change the database (a digest of every table, taken in one
// query, is the same after it as before).
//
// CI runs a fixed seed and a few runs per operation (about half a minute on PGlite); more on
// demand: FUZZ_RUNS=200 FUZZ_SEED=$RANDOM npx vitest run src/server/plugins/openapi.fuzz.test.ts
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '../../common/schemas/errors';
import { chapterEvents, mailingLists, pressMentions } from '../db/schema';
import { queryRows } from '../core/database';
import { createSession, SESSION_COOKIE } from '../modules/auth/sessions';
import { createTestApp } from '../test/app';
import {
  CALLER_KINDS,
  createChapterAdminWorld,
  grantRole,
  insertChapter,
  uniqueSlug,
  type CallerKind,
  type ChapterAdminWorld,
  type TestApp,
} from '../test/chapterAdminWorld';
import {
  asText,
  invalidValue,
  pathText,
  validValue,
  type ArbitraryContext,
  type JsonSchema,
} from '../test/schemaArbitrary';

const RUNS = Number(process.env.FUZZ_RUNS ?? 10);
const SEED = Number(process.env.FUZZ_SEED ?? 20_240_601);
/** FUZZ_REPORT=1 prints how often each operation answered each status. */
const REPORT = Boolean(process.env.FUZZ_REPORT);
const statuses = new Map<string, Record<number, number>>();

/**
 * Tables a refused call may change by design: the sign-in and reset attempt counters count
 * refused attempts too (that is what they are for).
 */
const MAY_CHANGE_WHEN_REFUSED = new Set(['rate_limits']);

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema: JsonSchema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, JsonSchema> };
}

// Built while the tests are collected: the operations to test are read from the document.
// No mail goes by a poll of its own: on a loaded machine this file ran past the schedule's minute,
// and the reminders it fired changed mail's tables during a refused request.
const t: TestApp = await createTestApp({
  env: { MAIL_SEND_POLL_MS: '0', MAIL_SCHEDULE_POLL_MS: '0' },
});
const document = (await t.app.inject({ url: '/api/openapi.json' })).json() as Document;
const operations = Object.entries(document.paths).flatMap(([path, item]) =>
  Object.entries(item).map(([method, operation]) => ({ path, method, operation })),
);
let w: ChapterAdminWorld;
let ctx: ArbitraryContext;
let digestQuery: ReturnType<typeof sql.raw>;

/** One row: every table's row count and a hash of its rows. */
async function digest(): Promise<Record<string, string>> {
  const [row] = await queryRows<{ digest: Record<string, string> }>(t.db, digestQuery);
  return row!.digest;
}

/** A Sunday about `days` from today, as YYYY-MM-DD: one of the fuzz event's dates. */
function comingSunday(days: number): string {
  const day = new Date(Date.now() + days * 86_400_000);
  day.setUTCDate(day.getUTCDate() - day.getUTCDay());
  return day.toISOString().slice(0, 10);
}

beforeAll(async () => {
  w = await createChapterAdminWorld(t);
  const [list] = await t.db.insert(mailingLists).values({ name: 'Fuzz list' }).returning();
  const listId = String(list!.id);
  const hidden = await insertChapter(t, { status: 0, emailAlias: uniqueSlug('hidden') });
  await grantRole(t, w.users.host.id, 3, hidden.id);
  const [event] = await t.db
    .insert(chapterEvents)
    .values({
      chapterId: w.chapter.id,
      name: 'Pencil Factory',
      slug: uniqueSlug('event'),
      address1: '142 Franklin St',
      city: 'Brooklyn',
      state: 'NY',
      postalCode: '11222',
      startTime: '19:00',
      endTime: '21:00',
    })
    .returning();
  const [story] = await t.db
    .insert(pressMentions)
    .values({
      chapterId: w.chapter.id,
      title: 'A story',
      url: 'https://news.example.com/story',
      slug: uniqueSlug('story'),
    })
    .returning();
  const chapterIds = [w.chapter.id, w.other.id, hidden.id];
  const userIds = Object.values(w.users).map((u) => u.id);
  ctx = {
    components: document.components.schemas,
    // Ids and slugs that exist, so the fuzzer reaches past "not found" into the services.
    known: {
      id: chapterIds,
      chapterId: chapterIds,
      userId: userIds,
      slug: [w.chapter.slug, hidden.slug, event!.slug, story!.slug],
      listId: [listId, w.chapter.sendInBlueListId ?? listId],
      stateLower: ['ny', 'ca'],
      email: [w.users.noRole.email, 'someone@example.org'],
      // The event meets every Sunday: two coming ones and a past one (RSVPs, guest lists).
      date: [comingSunday(7), comingSunday(14), comingSunday(-14)],
    },
  };

  const tables = await queryRows<{ name: string }>(
    t.db,
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const parts = tables
    .map(({ name }) => name)
    .filter((name) => !MAY_CHANGE_WHEN_REFUSED.has(name))
    .map((name) => {
      const quoted = `"${name.replaceAll('"', '""')}"`;
      return `'${name}', (select count(*) || ':' || coalesce(md5(string_agg(x::text, '|' order by x::text)), '') from ${quoted} x)`;
    });
  digestQuery = sql.raw(`select json_build_object(${parts.join(', ')}) as digest`);
});
afterAll(async () => {
  if (REPORT) {
    for (const [name, seen] of statuses) console.log(name.padEnd(60), JSON.stringify(seen));
  }
  await t.close();
});

interface FuzzRequest {
  kind: CallerKind;
  path: string;
  query: string;
  body?: { text: string; type: string };
}

/** Requests for one operation: mostly valid by its schemas, the rest broken in one part. */
function requestsFor(path: string, method: string, operation: Operation) {
  const parameters = operation.parameters ?? [];
  const inPath = parameters.filter((p) => p.in === 'path');
  const inQuery = parameters.filter((p) => p.in === 'query');
  const jsonBody = operation.requestBody?.content['application/json']?.schema;
  const hasBody = !['get', 'delete', 'head'].includes(method);

  const pathArb = fc
    .tuple(
      ...inPath.map((p) =>
        fc.oneof(
          { weight: 5, arbitrary: validValue(p.schema, ctx, p.name).map(asText) },
          pathText(invalidValue(p.schema, ctx)),
        ),
      ),
    )
    .map((values) =>
      inPath.reduce(
        (url, p, i) => url.replace(`{${p.name}}`, encodeURIComponent(values[i]!)),
        path,
      ),
    );

  const validQuery = fc.record(
    Object.fromEntries(inQuery.map((p) => [p.name, validValue(p.schema, ctx, p.name)])),
    { requiredKeys: inQuery.filter((p) => p.required).map((p) => p.name) },
  );
  const queryArb = fc
    .oneof(
      { weight: 4, arbitrary: validQuery },
      fc.dictionary(
        fc.oneof(fc.constantFrom(...inQuery.map((p) => p.name), 'x'), fc.string({ maxLength: 5 })),
        fc.oneof(fc.string({ maxLength: 30 }), fc.constantFrom('a\u0000b', '-1', '1e309', '')),
        { maxKeys: 3 },
      ),
    )
    .map((values) => {
      const params = new URLSearchParams();
      for (const [name, value] of Object.entries(values)) {
        for (const item of [value].flat()) {
          params.append(name, asText(item));
        }
      }
      const text = params.toString();
      return text ? `?${text}` : '';
    });

  const json = (value: unknown) => ({
    text: JSON.stringify(value) ?? 'null',
    type: 'application/json',
  });
  const bodyArb: fc.Arbitrary<FuzzRequest['body']> = !hasBody
    ? fc.constant(undefined)
    : fc.oneof(
        {
          weight: 4,
          arbitrary: jsonBody ? validValue(jsonBody, ctx).map(json) : fc.constant(json({})),
        },
        { weight: 3, arbitrary: invalidValue(jsonBody ?? {}, ctx).map(json) },
        fc.constantFrom(
          { text: '{"a":', type: 'application/json' },
          { text: '', type: 'application/json' },
          { text: 'a=1', type: 'text/plain' },
          { text: '--x\r\n\r\n--x--', type: 'multipart/form-data; boundary=x' },
        ),
      );

  return fc.record({
    kind: fc.constantFrom(...CALLER_KINDS),
    path: pathArb,
    query: queryArb,
    body: bodyArb,
  });
}

async function newSessions() {
  for (const kind of CALLER_KINDS) {
    if (kind === 'visitor') continue;
    const { token } = await createSession(t.db, w.users[kind].id, 1);
    w.cookies[kind] = `${SESSION_COOKIE}=${token}`;
  }
}

const errorShape = apiErrorSchema.strict();

describe('fuzzing every operation of the OpenAPI document', () => {
  it('has operations to fuzz', () => {
    expect(operations.length).toBeGreaterThan(50);
  });

  it.each(
    operations.map((op, index) => [`${op.method.toUpperCase()} ${op.path}`, op, index] as const),
  )('%s', async (name, { path, method, operation }, index) => {
    let before = await digest();
    await fc.assert(
      fc.asyncProperty(requestsFor(path, method, operation), async (request) => {
        const headers: Record<string, string> = {};
        const cookie = w.cookies[request.kind];
        if (cookie) headers.cookie = cookie;
        if (request.body) headers['content-type'] = request.body.type;
        const res = await t.app.inject({
          method: method.toUpperCase() as 'GET',
          url: request.path + request.query,
          headers,
          ...(request.body ? { payload: request.body.text } : {}),
        });
        const what = `${method.toUpperCase()} ${request.path}${request.query} as ${request.kind}: ${res.statusCode} ${res.body.slice(0, 300)}`;
        const seen = statuses.get(name) ?? {};
        seen[res.statusCode] = (seen[res.statusCode] ?? 0) + 1;
        statuses.set(name, seen);
        expect(res.statusCode, what).toBeLessThan(500);
        const after = await digest();
        if (res.statusCode >= 400) {
          const shape = errorShape.safeParse(safeJson(res.body));
          expect(shape.success, `not the error shape: ${what}`).toBe(true);
          expect(shape.data?.statusCode, what).toBe(res.statusCode);
          expect(changedTables(before, after), `refused, yet changed: ${what}`).toEqual([]);
        }
        before = after;
        if (path === '/api/auth/signout') {
          await newSessions();
          before = await digest();
        }
      }),
      { numRuns: RUNS, seed: SEED + index, endOnFailure: true },
    );
  });
});

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function changedTables(before: Record<string, string>, after: Record<string, string>) {
  return Object.keys(after).filter((table) => before[table] !== after[table]);
}
