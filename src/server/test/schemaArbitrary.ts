// fast-check arbitraries from the JSON Schemas of the OpenAPI document (the subset zod emits):
// values a schema accepts, and values it should refuse. Refinements zod cannot express in JSON
// Schema (a list id's form, a state's abbreviation) make some "valid" values invalid to the
// route; that is fine for fuzzing, which asserts how every answer looks, not that it is a 200.
import fc from 'fast-check';

export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  default?: unknown;
};

/** Values the fuzzer prefers for a named field: ids and slugs of rows that exist. */
export type KnownValues = Record<string, readonly unknown[]>;

export interface ArbitraryContext {
  components: Record<string, JsonSchema>;
  known: KnownValues;
}

const MAX_STRING = 40;

function deref(schema: JsonSchema, ctx: ArbitraryContext): JsonSchema {
  let current = schema;
  for (let i = 0; current.$ref && i < 10; i++) {
    const name = current.$ref.replace('#/components/schemas/', '');
    current = ctx.components[name] ?? {};
  }
  return current;
}

function typesOf(schema: JsonSchema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  return schema.type ? [schema.type] : [];
}

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? MAX_STRING, MAX_STRING));
  switch (schema.format) {
    case 'email':
      return fc.emailAddress();
    case 'uri':
    case 'url':
      return fc.webUrl();
    case 'date':
      return fc
        .date({ min: new Date('1990-01-01'), max: new Date('2040-01-01'), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10));
    case 'date-time':
      return fc
        .date({ min: new Date('1990-01-01'), max: new Date('2040-01-01'), noInvalidDate: true })
        .map((d) => d.toISOString());
    case 'uuid':
      return fc.uuid();
  }
  if (schema.pattern) {
    const pattern = new RegExp(schema.pattern);
    return fc
      .stringMatching(pattern)
      .filter((s) => s.length >= minLength && s.length <= (schema.maxLength ?? Infinity));
  }
  return fc.string({ minLength, maxLength });
}

function numberArbitrary(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = schema.minimum ?? (schema.exclusiveMinimum ?? -1_000_000) + (integer ? 1 : 0);
  const max = schema.maximum ?? (schema.exclusiveMaximum ?? 1_000_000) - (integer ? 1 : 0);
  const low = Math.max(min, -1_000_000_000);
  const high = Math.min(max, 1_000_000_000);
  if (integer) return fc.integer({ min: Math.ceil(low), max: Math.floor(high) });
  return fc.double({ min: low, max: high, noNaN: true, noDefaultInfinity: true });
}

/** A value `schema` accepts (as far as JSON Schema says), preferring known values by name. */
export function validValue(
  schema: JsonSchema,
  ctx: ArbitraryContext,
  name?: string,
): fc.Arbitrary<unknown> {
  const generated = validBySchema(deref(schema, ctx), ctx);
  const known = name ? ctx.known[name] : undefined;
  if (!known?.length) return generated;
  return fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...known) }, generated);
}

function validBySchema(schema: JsonSchema, ctx: ArbitraryContext): fc.Arbitrary<unknown> {
  if ('const' in schema) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const options = schema.anyOf ?? schema.oneOf;
  if (options?.length) return fc.oneof(...options.map((s) => validValue(s, ctx)));
  if (schema.allOf?.length) return validValue(schema.allOf[0]!, ctx);
  const types = typesOf(schema);
  if (types.length > 1) {
    return fc.oneof(...types.map((type) => validBySchema({ ...schema, type }, ctx)));
  }
  switch (types[0]) {
    case 'string':
      return stringArbitrary(schema);
    case 'integer':
      return numberArbitrary(schema, true);
    case 'number':
      return numberArbitrary(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const minLength = schema.minItems ?? 0;
      const maxLength = Math.max(minLength, Math.min(schema.maxItems ?? 4, 4));
      return fc.array(validValue(schema.items ?? {}, ctx), { minLength, maxLength });
    }
    case 'object':
      return objectArbitrary(schema, ctx);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function objectArbitrary(schema: JsonSchema, ctx: ArbitraryContext) {
  const properties = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const record: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, property] of Object.entries(properties)) {
    record[key] = validValue(property, ctx, key);
  }
  const requiredKeys = Object.keys(properties).filter((k) => required.has(k));
  return fc.record(record, { requiredKeys });
}

/** A value `schema` refuses: a wrong type, a missing or extra field, a string out of bounds. */
export function invalidValue(schema: JsonSchema, ctx: ArbitraryContext): fc.Arbitrary<unknown> {
  const resolved = deref(schema, ctx);
  const types = typesOf(resolved);
  const choices: fc.Arbitrary<unknown>[] = [
    // Any JSON at all, mostly of the wrong shape.
    fc.jsonValue({ maxDepth: 3 }),
    fc.constantFrom(null, 0, -1, 2 ** 31, 1e300, '', 'x'.repeat(5000), [], {}, true, 'a\u0000b'),
  ];
  if (types.includes('object') && resolved.properties && Object.keys(resolved.properties).length) {
    const valid = objectArbitrary(resolved, ctx) as fc.Arbitrary<Record<string, unknown>>;
    const keys = Object.keys(resolved.properties);
    choices.push(
      // One field replaced by something wrong for it.
      fc
        .tuple(
          valid,
          fc.constantFrom(...keys),
          fc.oneof(badScalar(), fc.jsonValue({ maxDepth: 1 })),
        )
        .map(([object, key, bad]) => ({ ...object, [key]: bad })),
      // A required field left out.
      ...(resolved.required?.length
        ? [
            fc.tuple(valid, fc.constantFrom(...resolved.required)).map(([object, key]) => {
              const copy = { ...object };
              delete copy[key];
              return copy;
            }),
          ]
        : []),
    );
  }
  return fc.oneof(...choices);
}

function badScalar(): fc.Arbitrary<unknown> {
  return fc.constantFrom(
    null,
    -1,
    0,
    1.5,
    2 ** 31,
    -(2 ** 53),
    Number.MAX_SAFE_INTEGER,
    '',
    ' ',
    'a\u0000b',
    '<script>alert(1)</script>',
    "' or 1=1 --",
    'x'.repeat(70_000),
    '\u{1F600}',
    true,
    [],
    {},
  );
}

/** A value as text in a path or query: strings as they are, anything else as JSON. */
export function asText(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
}

/** Path text for a parameter: any of these, valid or not, must be answered without a 5xx. */
export function pathText(valid: fc.Arbitrary<unknown>): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 4, arbitrary: valid.map(asText) },
    fc.constantFrom('0', '-1', '2147483648', '99999999999999999999', '1.5', 'NaN', '%00', 'null'),
    fc.string({ maxLength: 20 }),
  );
}
