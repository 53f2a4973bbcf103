// One shape for every error the API answers: { statusCode, error, message, fields? }.
// Validation failures name each bad field; anything unexpected is logged with the request id
// and answered 500 without a stack or internals.
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { STATUS_CODES } from 'node:http';
import { ProviderError } from '../mail/providerHttp';
import { isCutOffUpload, UPLOAD_CUT_OFF } from '../core/cutOffUpload';
import { HttpError, type FieldError } from '../core/httpError';

export function errorBody(
  statusCode: number,
  message: string,
  fields?: FieldError[],
  code?: string,
) {
  return {
    statusCode,
    error: STATUS_CODES[statusCode] ?? 'Error',
    message,
    ...(fields ? { fields } : {}),
    ...(code ? { code } : {}),
  };
}

/**
 * Our answer to a mail provider's failure: 502 for its refusals (our key, not the caller's, was
 * refused), 504 for a timeout and 429, with Retry-After, for its rate limit.
 */
export function providerAnswer(err: ProviderError): HttpError {
  const status = err.failure === 'timeout' ? 504 : err.failure === 'rateLimited' ? 429 : 502;
  const wait = err.retryAfterSeconds;
  return new HttpError(
    status,
    err.message,
    undefined,
    wait !== undefined ? { 'retry-after': String(wait) } : undefined,
  );
}

export function registerErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields = err.validation.map((v) => {
        const where = err.validationContext ?? 'body';
        const path = v.instancePath.replace(/^\//, '').replaceAll('/', '.');
        return { field: path ? `${where}.${path}` : where, message: v.message ?? 'is invalid' };
      });
      const names = fields.map((f) => f.field).join(', ');
      return reply.code(400).send(errorBody(400, `Invalid request: ${names}`, fields));
    }
    if (err instanceof ProviderError) {
      const answer = providerAnswer(err);
      if (answer.headers) void reply.headers(answer.headers);
      return reply.code(answer.statusCode).send(errorBody(answer.statusCode, answer.message));
    }
    // A route that let the parser's error through: still the client's, never a 500.
    if (isCutOffUpload(err)) return reply.code(400).send(errorBody(400, UPLOAD_CUT_OFF));
    if (err instanceof HttpError) {
      if (err.headers) void reply.headers(err.headers);
      return reply
        .code(err.statusCode)
        .send(errorBody(err.statusCode, err.message, err.fields, err.code));
    }
    // Fastify's own client errors: malformed JSON, wrong content type, body too large...
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      const message =
        err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError
          ? 'Invalid request: body is not valid JSON'
          : err.message;
      return reply.code(err.statusCode).send(errorBody(err.statusCode, message));
    }
    request.log.error({ err, reqId: request.id }, 'unexpected error');
    return reply.code(500).send(errorBody(500, `Something went wrong. Reference: ${request.id}`));
  });
}
