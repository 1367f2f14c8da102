/**
 * Whether this page is logging out, so the server cutting its realtime socket is expected and
 * not a sign of a login ended elsewhere. Apart from lib/socket.ts so the auth provider, part of
 * every first load, can say so without bringing socket.io-client (only signed-in screens use it).
 */
let loggingOut = false;

/** The page is logging out: its socket's end is not a sign of a login ended elsewhere. */
export function expectSessionEnd(): void {
  loggingOut = true;
}

export function isSessionEnding(): boolean {
  return loggingOut;
}

/** A new connection starts: a later cut is news again. */
export function resetSessionEnd(): void {
  loggingOut = false;
}
