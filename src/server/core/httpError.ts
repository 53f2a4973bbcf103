// The errors a service raises for the client to see as they are. They are the rules' own
// words (403, 404, 409 ...), so they live below the modules; plugins/errors.ts gives them
// their HTTP form.
export interface FieldError {
  field: string;
  message: string;
}

/** Thrown by services for an answer the client should see as it is (403, 404, 409 ...). */
export class HttpError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
    public readonly fields?: FieldError[],
    /** Headers that go with the answer, such as Retry-After with a 429. */
    public readonly headers?: Record<string, string>,
    /** A reason a client acts on (apiErrorSchema's `code`), such as PASSWORD_CHANGE_REQUIRED. */
    public readonly code?: string,
  ) {
    super(message);
  }
}

/** An answer about one field of the request, named in `fields` as a schema failure would be. */
export function fieldError(statusCode: number, field: string, message: string): HttpError {
  return new HttpError(statusCode, message, [{ field, message }]);
}
