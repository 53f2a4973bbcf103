// The browser's only way to the server: JSON over same-origin fetch. Each call passes its
// answer's schema, taken from answerSchemas.ts, as `!import.meta.env?.PROD && schema`. A
// production build trusts our own server's answers (the server checks them against the same
// schemas in its tests): Vite writes the flag as a literal there, the argument is `false` before
// the bundle is put together, and nothing refers to the schema, so zod and the schema modules
// (side-effect free to the bundler, vite.config.ts) stay off a visitor's first load. Development,
// the tests and the server's own drawing of a first screen (no import.meta.env there) pass the
// schema; the answer is checked unless the answer source says not (production's server trusts
// its own, ssr/firstScreen.tsx).
import type { z } from 'zod';

export interface ApiErrorBody {
  statusCode: number;
  error: string;
  message: string;
  fields?: { field: string; message: string }[];
}

export class ApiError extends Error {
  readonly status: number;
  readonly body: ApiErrorBody;

  constructor(status: number, body: ApiErrorBody) {
    super(body.message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }

  get fields(): ApiErrorBody['fields'] {
    return this.body.fields;
  }
}

/** An answer's schema, or false where the build trusts the answer (the header above). */
export type AnswerSchema<T> = z.ZodType<T> | false;

export type SendMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export function apiGet<T>(path: string, schema: AnswerSchema<T>): Promise<T> {
  return request(path, { method: 'GET' }, schema);
}

export function apiSend<T>(
  method: SendMethod,
  path: string,
  body: unknown,
  schema: AnswerSchema<T>,
): Promise<T> {
  const init: RequestInit = { method };
  if (body !== undefined) {
    init.body = JSON.stringify(body);
    init.headers = { 'content-type': 'application/json' };
  }
  return request(path, init, schema);
}

/** A file upload: `form` is sent as multipart/form-data (the browser sets the boundary). */
export function apiUpload<T>(path: string, form: FormData, schema: AnswerSchema<T>): Promise<T> {
  return request(path, { method: 'POST', body: form }, schema);
}

/**
 * Where answers come from: the browser's fetch, or, while the server draws a page's first screen
 * (ssr/firstScreen.tsx), the server's own answers, which production trusts as the server trusts
 * its own (server/config.ts checksOwnAnswers). Set only by that server-side code.
 */
interface AnswerSource {
  fetch(path: string, init: RequestInit): Promise<Response>;
  /** Whether answers are checked against the call's schema (when the call passed one). */
  checks(): boolean;
}
let source: AnswerSource = { fetch: (path, init) => fetch(path, init), checks: () => true };
export function setAnswerSource(s: AnswerSource): void {
  source = s;
}

async function request<T>(path: string, init: RequestInit, schema: AnswerSchema<T>): Promise<T> {
  let response: Response;
  try {
    response = await source.fetch(path, {
      ...init,
      credentials: 'same-origin',
      headers: { accept: 'application/json', ...init.headers },
    });
  } catch {
    throw networkError();
  }
  return answer(path, response, schema);
}

function networkError(): ApiError {
  return new ApiError(0, {
    statusCode: 0,
    error: 'Network Error',
    message: 'Could not reach the server. Please check your connection and try again.',
  });
}

/**
 * A file upload that reports its progress (bytes sent, bytes in all) as it goes: fetch cannot
 * tell how much of a request body has gone, XMLHttpRequest's upload events can. The answer is
 * read as every other call's.
 */
export function apiUploadWithProgress<T>(
  path: string,
  form: FormData,
  schema: AnswerSchema<T>,
  onProgress: (sent: number, total: number) => void,
): Promise<T> {
  return new Promise<Response>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (e) => onProgress(e.loaded, e.lengthComputable ? e.total : 0);
    xhr.onload = () =>
      resolve(new Response(xhr.responseText, { status: xhr.status, statusText: xhr.statusText }));
    xhr.onerror = () => reject(networkError());
    xhr.send(form);
  }).then((response) => answer(path, response, schema));
}

async function answer<T>(path: string, response: Response, schema: AnswerSchema<T>): Promise<T> {
  const data = await readJson(response);
  if (!response.ok) throw new ApiError(response.status, errorBody(response, data));
  if (!schema || !source.checks()) return data as T;
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    throw new ApiError(response.status, {
      statusCode: response.status,
      error: 'Unexpected Answer',
      message: `The server's answer to ${path} was not understood.`,
    });
  }
  return parsed.data;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

const isString = (v: unknown) => typeof v === 'string';

/** The server's error body (src/common/schemas/errors.ts), or one made from the status. */
function errorBody(response: Response, data: unknown): ApiErrorBody {
  const d = (data && typeof data === 'object' ? data : {}) as Record<string, unknown>;
  const fields = d.fields;
  const fieldsOk =
    fields === undefined ||
    (Array.isArray(fields) &&
      fields.every(
        (f: unknown) =>
          !!f &&
          typeof f === 'object' &&
          isString((f as Record<string, unknown>).field) &&
          isString((f as Record<string, unknown>).message),
      ));
  if (typeof d.statusCode === 'number' && isString(d.error) && isString(d.message) && fieldsOk) {
    const body: ApiErrorBody = {
      statusCode: d.statusCode,
      error: d.error as string,
      message: d.message as string,
    };
    if (Array.isArray(fields))
      body.fields = (fields as { field: string; message: string }[]).map(({ field, message }) => ({
        field,
        message,
      }));
    return body;
  }
  return {
    statusCode: response.status,
    error: response.statusText || 'Error',
    message: `Request failed (${response.status}).`,
  };
}
