// What the app answers to one request, kept as sent (the raw body: gzip stays gzip), so that the
// ceiling server (bench/ceiling.ts) can replay it. Imports nothing but node:http: the ceiling
// process loads this file and must stay bare.
import { request } from 'node:http';

export interface CapturedAnswer {
  status: number;
  headers: Record<string, string | string[]>;
  /** base64 of the body bytes as they came over the wire. */
  body: string;
}

/** Answers by answerKey(): the URL, and whether a session cookie came with it. */
export type CapturedAnswers = Record<string, CapturedAnswer>;

export const answerKey = (path: string, signedIn: boolean) => (signedIn ? `cookie ${path}` : path);

// Set by the ceiling's own HTTP stack, as the app's stack set them for the app.
const HOP_BY_HOP = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

/** GETs `path` with `headers` and answers status, headers and raw body. */
export function capture(
  base: string,
  path: string,
  headers: Record<string, string>,
): Promise<CapturedAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(new URL(path, base), { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        const kept: Record<string, string | string[]> = {};
        for (const [name, value] of Object.entries(res.headers)) {
          if (value !== undefined && !HOP_BY_HOP.has(name)) kept[name] = value;
        }
        kept['content-length'] = String(body.length);
        resolve({ status: res.statusCode ?? 0, headers: kept, body: body.toString('base64') });
      });
    });
    req.on('error', reject);
    req.end();
  });
}
