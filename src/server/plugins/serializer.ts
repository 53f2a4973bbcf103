// How answers become JSON. In production, plain JSON.stringify: checking each of our own answers
// against its zod schema on the way out cost a good share of every request's CPU. In tests and
// development every answer is still checked, and more strictly than zod alone would: an answer
// the schema would change (a field it does not declare and would strip, a value it would
// transform) fails there, since production sends the answer as the handler made it.
import { checksOwnAnswers } from '../config';
import { isDeepStrictEqual } from 'node:util';
import { ResponseSerializationError, serializerCompiler } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';

type SerializerCompiler = typeof serializerCompiler;

const plain: SerializerCompiler = () => (data) => JSON.stringify(data);

const checked: SerializerCompiler = (route) => {
  const viaSchema = serializerCompiler(route);
  return (data) => {
    const json = viaSchema(data);
    const sent = JSON.stringify(data);
    if (json !== sent && !isDeepStrictEqual(JSON.parse(json), JSON.parse(sent))) {
      throw new ResponseSerializationError(route.method, route.url, {
        cause: new ZodError([
          {
            code: 'custom',
            path: [],
            input: data,
            message: `The schema changes this answer, which production sends as it is: ${sent.slice(0, 300)}`,
          },
        ]),
      });
    }
    return json;
  };
};

/** The answer serializer for a configuration's environment (`config.env`). */
export function answerSerializer(env: string): SerializerCompiler {
  return checksOwnAnswers(env) ? checked : plain;
}
