import { ERROR_CODES, type ErrorBody } from '@munegu/shared';

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The API's error body as `errorBodySchema` (packages/shared/src/errors.ts) reads it, without
 * zod: the API client belongs to the app's first load, which carries no schema library (zod
 * comes with the pages that validate forms). errorBody.test.ts holds it to the schema's
 * answers, so the two cannot drift apart. Null when the body is not an error body.
 */
export function readErrorBody(raw: unknown): ErrorBody | null {
  if (!isObject(raw) || typeof raw.message !== 'string') return null;
  const { message, code, errors, ttl, suspension } = raw;
  if (code !== undefined && !(ERROR_CODES as readonly unknown[]).includes(code)) return null;
  if (ttl !== undefined && !Number.isInteger(ttl)) return null;
  const nullableText = (v: unknown) => v === null || typeof v === 'string';
  if (
    suspension !== undefined &&
    !(isObject(suspension) && nullableText(suspension.until) && nullableText(suspension.reason))
  )
    return null;
  if (
    errors !== undefined &&
    !(
      Array.isArray(errors) &&
      errors.every(
        (e) => isObject(e) && typeof e.path === 'string' && typeof e.message === 'string',
      )
    )
  )
    return null;
  const body: ErrorBody = { message };
  if (code !== undefined) body.code = code as ErrorBody['code'];
  if (errors !== undefined)
    body.errors = (errors as { path: string; message: string }[]).map(({ path, message }) => ({
      path,
      message,
    }));
  if (ttl !== undefined) body.ttl = ttl as number;
  if (suspension !== undefined) {
    const { until, reason } = suspension as { until: string | null; reason: string | null };
    body.suspension = { until, reason };
  }
  return body;
}
