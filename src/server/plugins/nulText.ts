// PostgreSQL text cannot hold a NUL character (\u0000): such a value would pass every schema and
// fail at the database as a 500. One hook refuses it in any string of the body, path or query,
// with the same 400 naming the field that a schema failure gives.
import type { FastifyInstance } from 'fastify';
import { errorBody, type FieldError } from './errors';

const MESSAGE = 'Must not contain a NUL character';

/** Every path (dotted, as the schema errors name fields) to a string holding a NUL. */
function nulPaths(value: unknown, path: string, found: FieldError[]): void {
  if (found.length >= 20) return;
  if (typeof value === 'string') {
    if (value.includes('\u0000')) found.push({ field: path, message: MESSAGE });
  } else if (Array.isArray(value)) {
    value.forEach((item, i) => nulPaths(item, `${path}.${i}`, found));
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      // A key holding NUL is named by the path of its parent.
      if (key.includes('\u0000')) found.push({ field: path, message: MESSAGE });
      else nulPaths(item, `${path}.${key}`, found);
    }
  }
}

export function registerNulTextCheck(app: FastifyInstance): void {
  app.addHook('preValidation', async (request, reply) => {
    const found: FieldError[] = [];
    nulPaths(request.params, 'params', found);
    nulPaths(request.query, 'querystring', found);
    // Multipart bodies are streams read by their route, never strings here.
    if (!request.isMultipart()) nulPaths(request.body, 'body', found);
    if (found.length === 0) return;
    const names = found.map((f) => f.field).join(', ');
    return reply.code(400).send(errorBody(400, `Invalid request: ${names}`, found));
  });
}
