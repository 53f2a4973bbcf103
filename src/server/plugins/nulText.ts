// PostgreSQL text cannot hold a NUL character (\u0000): such a value would pass every schema and
// fail at the database as a 500. One hook refuses it in any string of the body, path or query,
// with the same 400 naming the field that a schema failure gives.
import type { FastifyInstance } from 'fastify';
import { type FieldError } from '../core/httpError';
import { errorBody } from './errors';

const MESSAGE = 'Must not contain a NUL character';

/**
 * Every path (dotted, as the schema errors name fields) to a string holding a NUL, at most 20.
 * Walked with a stack of its own, not by recursion, and each path is spelled out only for a
 * finding: a 1 MB body can nest a hundred thousand deep, and must neither overflow the call
 * stack nor make a path string per level.
 */
function nulPaths(root: unknown, rootName: string): FieldError[] {
  const found: FieldError[] = [];
  // Each visited value's key and parent, by index, so a path is built only when needed.
  const keys: string[] = [rootName];
  const parents: number[] = [-1];
  const pathOf = (index: number) => {
    const parts: string[] = [];
    for (let i = index; i >= 0; i = parents[i]!) parts.push(keys[i]!);
    const path = parts.reverse().join('.');
    return path.length > 200 ? `${path.slice(0, 200)}...` : path;
  };
  const stack: [unknown, number][] = [[root, 0]];
  const visit = (value: unknown, key: string, parent: number) => {
    keys.push(key);
    parents.push(parent);
    stack.push([value, keys.length - 1]);
  };
  while (stack.length > 0 && found.length < 20) {
    const [value, index] = stack.pop()!;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) found.push({ field: pathOf(index), message: MESSAGE });
    } else if (Array.isArray(value)) {
      value.forEach((item, i) => visit(item, String(i), index));
    } else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        // A key holding NUL is named by the path of its parent.
        if (key.includes('\u0000')) found.push({ field: pathOf(index), message: MESSAGE });
        else visit(item, key, index);
      }
    }
  }
  return found;
}

export function registerNulTextCheck(app: FastifyInstance): void {
  app.addHook('preValidation', async (request, reply) => {
    const found = [
      ...nulPaths(request.params, 'params'),
      ...nulPaths(request.query, 'querystring'),
      // Multipart bodies are streams read by their route, never strings here.
      ...(request.isMultipart() ? [] : nulPaths(request.body, 'body')),
    ];
    if (found.length === 0) return;
    const names = found.map((f) => f.field).join(', ');
    return reply.code(400).send(errorBody(400, `Invalid request: ${names}`, found));
  });
}
