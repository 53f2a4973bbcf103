// Tells every app server on the database which cached answers to forget: one NOTIFY channel,
// a JSON array of the things changed (answerKeys.ts) per notice, each server listening on a
// connection of its own and forgetting on every notice, its own included. The writer forgets
// at once too, so its next read is right before its notice comes back. While a server is not
// listening it may miss notices: it forgets everything when it listens again, and in between
// its answers last their TTL, as they did before there were notices.
import type { FastifyBaseLogger } from 'fastify';
import { MAX_NOTICE_BYTES, type Notices } from '../db/notices';
import { EVERY_ANSWER } from './answerKeys';

export const ANSWER_CHANNEL = 'answer_cache';

/** More notices than this for one change: "forget everything" is cheaper and as right. */
const MAX_NOTICES_PER_CHANGE = 8;

/**
 * How long `forgetSoon` gathers what changed before telling the other servers in one notice:
 * a change made many times a second (an RSVP) costs a few notices a second, not one each.
 */
export const GATHER_MS = 200;

interface Forgets {
  forget(things: readonly string[]): void;
  clear(): void;
}

export interface AnswerForgetting {
  caches: Set<Forgets>;
  /** Forgets here now, then tells every server (this one included). */
  forget(things: readonly string[]): Promise<void>;
  /**
   * Forgets here now, and tells every server within GATHER_MS, in one notice with whatever
   * else changed meanwhile. For changes made many times a second whose answers other servers
   * may show a moment late (the RSVP counts: docs/decisions/21-rsvps.md).
   */
  forgetSoon(things: readonly string[]): void;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Resolves on the next notice this server hears (tests wait on it instead of a clock). */
  nextNotice(): Promise<readonly string[]>;
  /** Resolves when this server next starts listening (again), having forgotten everything. */
  nextListening(): Promise<void>;
}

/** The payloads for `things`: each under PostgreSQL's limit, or one "forget everything". */
export function noticePayloads(things: readonly string[], maxBytes = MAX_NOTICE_BYTES): string[] {
  const everything = [JSON.stringify([EVERY_ANSWER])];
  if (things.includes(EVERY_ANSWER)) return everything;
  const payloads: string[] = [];
  let batch: string[] = [];
  let bytes = 2; // []
  for (const thing of new Set(things)) {
    const size = Buffer.byteLength(JSON.stringify(thing)) + 1;
    if (size + 2 > maxBytes) return everything;
    if (bytes + size > maxBytes) {
      payloads.push(JSON.stringify(batch));
      batch = [];
      bytes = 2;
    }
    batch.push(thing);
    bytes += size;
  }
  if (batch.length > 0) payloads.push(JSON.stringify(batch));
  return payloads.length > MAX_NOTICES_PER_CHANGE ? everything : payloads;
}

function parsePayload(payload: string): string[] {
  try {
    const value: unknown = JSON.parse(payload);
    if (Array.isArray(value) && value.every((t) => typeof t === 'string')) return value;
  } catch {
    // Not ours, or garbled: forget everything rather than keep what may be stale.
  }
  return [EVERY_ANSWER];
}

export function listenForForgetting(
  notices: Notices | undefined,
  log: FastifyBaseLogger,
): AnswerForgetting {
  const caches = new Set<Forgets>();
  const waiting: ((things: readonly string[]) => void)[] = [];
  const waitingToListen: (() => void)[] = [];
  let stopListening: (() => Promise<void>) | null = null;
  let listenedBefore = false;

  const forgetHere = (things: readonly string[]) => {
    for (const cache of caches) cache.forget(things);
  };
  const tell = async (things: readonly string[]) => {
    if (!notices) return;
    try {
      for (const payload of noticePayloads(things)) await notices.notify(ANSWER_CHANNEL, payload);
    } catch (err) {
      // The write is committed; other servers catch up within the TTL.
      log.error({ err }, 'could not tell the other app servers what changed');
    }
  };
  const gathered = new Set<string>();
  let gathering: ReturnType<typeof setTimeout> | null = null;
  const tellGathered = async () => {
    if (gathering) clearTimeout(gathering);
    gathering = null;
    const things = [...gathered];
    gathered.clear();
    if (things.length > 0) await tell(things);
  };

  return {
    caches,
    async forget(things) {
      if (things.length === 0) return;
      forgetHere(things);
      await tell(things);
    },
    forgetSoon(things) {
      if (things.length === 0) return;
      forgetHere(things);
      if (!notices) return;
      for (const thing of things) gathered.add(thing);
      gathering ??= setTimeout(() => void tellGathered(), GATHER_MS);
    },
    async start() {
      if (!notices || stopListening) return;
      stopListening = await notices.listen(ANSWER_CHANNEL, {
        onNotice(payload) {
          const things = parsePayload(payload);
          forgetHere(things);
          for (const resolve of waiting.splice(0)) resolve(things);
        },
        onListening(listening) {
          if (!listening) {
            log.warn('stopped hearing what other app servers change; answers last their TTL');
            return;
          }
          // Notices sent while not listening are lost: whatever they named may be kept here.
          if (listenedBefore) for (const cache of caches) cache.clear();
          listenedBefore = true;
          for (const resolve of waitingToListen.splice(0)) resolve();
        },
      });
    },
    async stop() {
      // What was gathered is told before this server goes.
      await tellGathered();
      const stop = stopListening;
      stopListening = null;
      await stop?.();
    },
    nextNotice() {
      return new Promise((resolve) => waiting.push(resolve));
    },
    nextListening() {
      return new Promise((resolve) => waitingToListen.push(resolve));
    },
  };
}
