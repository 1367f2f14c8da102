import fc from 'fast-check';
import { z } from 'zod';

/**
 * fast-check arbitraries of HOSTILE inputs derived from a route's zod v4 schemas, through
 * `z.toJSONSchema` (io: 'input', what a client sends). zod-fast-check, the library for this,
 * supports zod 3 and fast-check < 4 only, and generates valid values, while a fuzzer wants
 * mostly invalid ones: this is a small walker over the JSON Schema kinds the endpoint table
 * produces (object, array, string, number/integer, boolean, enum/const, anyOf/oneOf, null).
 *
 * Each value is, with equal odds, a value of the declared kind near or past its bounds
 * (empty, min-1, max, max+1 characters or items; min-1, max+1, fractions, huge numbers), a
 * value of another kind, or hostile text (markup, SQL, NUL-free control characters, long
 * unicode). Objects miss required keys, carry unknown ones, and `__proto__`, `constructor`
 * and `prototype` keys.
 */
export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: unknown;
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  pattern?: string;
};

export function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/** Keys that reach Object.prototype when code copies objects carelessly. */
export const POLLUTING_KEYS = ['__proto__', 'constructor', 'prototype'] as const;

const HOSTILE_TEXT = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  "' OR 1=1 --",
  '"; DROP TABLE "User"; --',
  '../../../../etc/passwd',
  '%00',
  '\u202e\u200b\ufeff',
  '𝕄𝕠𝕟𝕒𝕔𝕠'.repeat(50),
  'é'.repeat(300),
  '{{constructor.constructor("return process")()}}',
  '${7*7}',
  'NaN',
  'Infinity',
  '-0',
  '1e309',
  'true',
  'null',
  '[]',
  '{}',
  ' ',
  '\t\n',
] as const;

/** A value of any JSON kind: what a field of the wrong type receives. */
const wrongKind: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, 0, -1, 1.5, '', [], {}, [null], { a: 1 }),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.string({ maxLength: 20 }),
  fc.constantFrom(...HOSTILE_TEXT),
);

function stringArb(s: JsonSchema): fc.Arbitrary<unknown> {
  const min = s.minLength ?? 0;
  const max = s.maxLength ?? 500;
  const sized = (n: number) => fc.constant('a'.repeat(Math.max(0, n)));
  return fc.oneof(
    sized(min - 1),
    sized(min),
    sized(max),
    sized(max + 1),
    fc.constant('x'.repeat(max * 4 + 1000)),
    fc.string({ maxLength: Math.min(max + 2, 200) }),
    fc.string({ unit: 'grapheme', maxLength: 40 }),
    fc.constantFrom(...HOSTILE_TEXT),
    fc.constantFrom(...POLLUTING_KEYS),
    ...(s.format === 'email' ? [fc.emailAddress(), fc.constant('a@b'), fc.constant('@x.fr')] : []),
    ...(s.format === 'uri' || s.format === 'url'
      ? [
          fc.webUrl(),
          fc.constantFrom('javascript:alert(1)', 'data:text/html,x', 'file:///etc/passwd'),
        ]
      : []),
    ...(s.format === 'date-time' || s.format === 'date'
      ? [fc.date({ noInvalidDate: true }).map((d) => d.toISOString()), fc.constant('2026-13-45')]
      : []),
    wrongKind,
  );
}

function numberArb(s: JsonSchema, integer: boolean): fc.Arbitrary<unknown> {
  const min = s.minimum ?? s.exclusiveMinimum ?? -1_000_000;
  const max = s.maximum ?? s.exclusiveMaximum ?? 1_000_000;
  return fc.oneof(
    fc.constantFrom(min - 1, min, max, max + 1, 0, -1, 1, 2 ** 31, -(2 ** 31) - 1),
    fc.constantFrom(Number.MAX_SAFE_INTEGER + 2, 1e308, -1e308, 5e-324),
    integer ? fc.constant(min + 0.5) : fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.integer({
      min: Math.ceil(Math.max(min - 2, -(2 ** 31))),
      max: Math.floor(Math.min(max + 2, 2 ** 31)),
    }),
    fc.constantFrom(String(min), `${max}0`, '1e3', '0x10'),
    wrongKind,
  );
}

function objectArb(s: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  const props = Object.entries(s.properties ?? {});
  const required = new Set(s.required ?? []);
  const fields = props.map(([name, sub]) =>
    // A required key is left out now and then; an optional one half the time.
    fc
      .tuple(fc.constant(name), arbitraryOf(sub, depth + 1), fc.nat(9))
      .map(([k, v, roll]) => (roll < (required.has(k) ? 1 : 5) ? null : ([k, v] as const))),
  );
  const extra = fc.array(
    fc.tuple(
      fc.oneof(fc.constantFrom(...POLLUTING_KEYS, 'id', 'role', 'userId', 'isAdmin'), fc.string()),
      fc.oneof(fc.constant({ polluted: true }), wrongKind),
    ),
    { maxLength: 3 },
  );
  return fc.tuple(fc.tuple(...fields), extra).map(([pairs, extras]) => {
    const out: Record<string, unknown> = {};
    // defineProperty: an own `__proto__` key, as JSON.parse would make one, not a prototype.
    const put = (k: string, v: unknown) =>
      Object.defineProperty(out, k, {
        value: v,
        enumerable: true,
        configurable: true,
        writable: true,
      });
    for (const pair of pairs) if (pair) put(pair[0], pair[1]);
    for (const [k, v] of extras) put(k, v);
    return out;
  });
}

function arrayArb(s: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  const item = s.items ? arbitraryOf(s.items, depth + 1) : wrongKind;
  const max = s.maxItems ?? 20;
  return fc.oneof(
    fc.array(item, { maxLength: Math.min(max + 1, 30) }),
    fc.constant([]),
    fc.array(item, { minLength: max + 1, maxLength: max + 1 }).filter(() => max <= 200),
    fc.constant(Array.from({ length: 5000 }, (_, i) => i)),
    wrongKind,
  );
}

/** Hostile values for a JSON Schema node (depth-bounded: schemas may be recursive). */
export function arbitraryOf(s: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  if (depth > 6) return wrongKind;
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives?.length)
    return fc.oneof(...alternatives.map((a) => arbitraryOf(a, depth + 1)), wrongKind);
  if (s.allOf?.length) return arbitraryOf(Object.assign({}, ...s.allOf) as JsonSchema, depth);
  if (s.enum?.length)
    return fc.oneof(fc.constantFrom(...s.enum), fc.string({ maxLength: 12 }), wrongKind);
  if ('const' in s) return fc.oneof(fc.constant(s.const), wrongKind);
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case 'object':
      return fc.oneof(
        { weight: 4, arbitrary: objectArb(s, depth) },
        { weight: 1, arbitrary: wrongKind },
      );
    case 'array':
      return arrayArb(s, depth);
    case 'string':
      return stringArb(s);
    case 'integer':
      return numberArb(s, true);
    case 'number':
      return numberArb(s, false);
    case 'boolean':
      return fc.oneof(fc.boolean(), fc.constantFrom('true', 'false', 1, 0, 'oui'), wrongKind);
    case 'null':
      return fc.oneof(fc.constant(null), wrongKind);
    default:
      return wrongKind;
  }
}

/** A query or path value is text: what the arbitrary produced, written as a client would. */
export function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}
