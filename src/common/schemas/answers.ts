// Answers that are not JSON, as a route's `response` entry: the OpenAPI document shows their
// media type, and the route still sends its text or bytes as they are (Fastify serializes only
// objects, so these schemas never touch the payload).
import { z } from 'zod';

/** Text of one media type: a calendar, a page, a style sheet. */
export function textAnswer(mediaType: string, description: string) {
  return { description, content: { [mediaType]: { schema: z.string() } } };
}

/** Bytes of one media type, such as an image. */
export function binaryAnswer(mediaType: string, description: string) {
  const bytes = z.instanceof(Uint8Array).meta({ type: 'string', contentMediaType: mediaType });
  return { description, content: { [mediaType]: { schema: bytes } } };
}

/**
 * A redirect: no body, the target in the Location header. The header is declared as JSON Schema
 * `headers`, which @fastify/swagger turns into the answer's OpenAPI headers.
 */
export function redirectAnswer(description: string, location = 'Where the redirect leads') {
  return z.undefined().meta({
    description,
    headers: { Location: { type: 'string', format: 'uri-reference', description: location } },
  });
}
