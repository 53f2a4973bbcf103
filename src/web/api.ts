// The browser's only way to the server: JSON over same-origin fetch, answers checked by zod.
import { z } from 'zod';

const errorBodySchema = z.object({
  statusCode: z.number(),
  error: z.string(),
  message: z.string(),
  fields: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});
export type ApiErrorBody = z.infer<typeof errorBodySchema>;

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

export type SendMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export function apiGet<T>(path: string, schema: z.ZodType<T>): Promise<T> {
  return request(path, { method: 'GET' }, schema);
}

export function apiSend<T>(
  method: SendMethod,
  path: string,
  body: unknown,
  schema: z.ZodType<T>,
): Promise<T> {
  const init: RequestInit = { method };
  if (body !== undefined) {
    init.body = JSON.stringify(body);
    init.headers = { 'content-type': 'application/json' };
  }
  return request(path, init, schema);
}

/** A file upload: `form` is sent as multipart/form-data (the browser sets the boundary). */
export function apiUpload<T>(path: string, form: FormData, schema: z.ZodType<T>): Promise<T> {
  return request(path, { method: 'POST', body: form }, schema);
}

async function request<T>(path: string, init: RequestInit, schema: z.ZodType<T>): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      ...init,
      credentials: 'same-origin',
      headers: { accept: 'application/json', ...init.headers },
    });
  } catch {
    throw new ApiError(0, {
      statusCode: 0,
      error: 'Network Error',
      message: 'Could not reach the server. Please check your connection and try again.',
    });
  }
  const data = await readJson(response);
  if (!response.ok) throw new ApiError(response.status, errorBody(response, data));
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

function errorBody(response: Response, data: unknown): ApiErrorBody {
  const parsed = errorBodySchema.safeParse(data);
  if (parsed.success) return parsed.data;
  return {
    statusCode: response.status,
    error: response.statusText || 'Error',
    message: `Request failed (${response.status}).`,
  };
}
