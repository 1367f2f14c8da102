import { LIMITS } from '@munegu/shared';
import { isExpiringWithin } from '../jwt';
import { getToken } from '../token';

/*
 * The member's reads a page opened by a full load waits for, asked as soon as this small module
 * arrives instead of once the app's code (the bulk of the first load) has arrived, run and
 * rendered: on a phone's network each of them was one more round trip after that code, before
 * the page could show the member's state. The build makes this module an entry of its own, named first in the
 * document (vite.config.ts, `earlyScript`); the app imports the same module, so both share
 * these answers. Public reads are asked even sooner, in the document's Link header
 * (apps/web/route-preloads.ts); these need the access token, which only the page can read.
 */

/** Every page, signed in: who the member is (the navbar and every page's rights follow it). */
const EVERY_PAGE = ['/users/me'];

/**
 * By landing path, the member's reads its page asks for at once (API paths as the app's client
 * writes them, query included). early.test.ts checks them against the page's own requests.
 */
export const EARLY_READS: Readonly<Record<string, readonly string[]>> = {
  '/jeu_prono': ['/users/classement-pronos?limit=100', '/mini-leagues'],
};

/** An answer not taken within this time is dropped (the app asks again, for fresh data). */
export const EARLY_MAX_AGE_MS = 10_000;

type Early = { token: string; response: Promise<Response>; at: number };
const started = new Map<string, Early>();

/**
 * Starts the reads of `pathname` with `token`, as the API client would send them. Nothing
 * without a token, or with one about to expire (the client renews it first).
 */
export function startEarlyReads(pathname: string, token: string | null): void {
  if (!token || isExpiringWithin(token, LIMITS.tokenRefreshMarginApiMs)) return;
  for (const path of [...EVERY_PAGE, ...(EARLY_READS[pathname] ?? [])]) {
    const url = `${LIMITS.apiPrefix}${path}`;
    const response = fetch(url, {
      method: 'GET',
      credentials: 'include',
      headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
    });
    // Unhandled until taken: a failure is the taker's to see (or nobody's, if never taken).
    response.catch(() => {});
    started.set(url, { token, response, at: performance.now() });
  }
}

/**
 * The answer to GET `url` started here with `token`, at most once and while fresh; undefined
 * otherwise (the caller sends the request itself).
 */
export function takeEarly(url: string, token: string | null): Promise<Response> | undefined {
  const early = started.get(url);
  if (!early) return undefined;
  started.delete(url);
  if (early.token !== token || performance.now() - early.at > EARLY_MAX_AGE_MS) return undefined;
  return early.response;
}

// On arrival, for the page the document opened: this small module runs alone, before the
// app's code has even arrived, so there is nothing for these requests to compete with yet.
if (typeof window !== 'undefined') startEarlyReads(window.location.pathname, getToken());
