import { config, locales } from 'zod';

/**
 * French for every zod message a schema does not set itself ('Entrée invalide…' rather than
 * 'Invalid input…'), for the API's 400 answers and the web forms alike. Every module that
 * builds schemas imports it (rather than index.ts once), so it applies wherever a schema is
 * used, and the web bundler, told the package has no other side effects (package.json
 * `sideEffects`), can leave zod out of the chunks that use no schema (the app's first load).
 */
// Called by its own name, not as `z.config`: the web build marks `z.…` calls as pure (they
// only build schemas; apps/web/build/pure-schemas.ts), which these are not.
config(locales.fr());

/**
 * In the browser the page's CSP forbids eval: zod would first probe `new Function('')` to
 * compile its fast object parsers, a CSP violation the browser reports as an issue on every
 * page (Lighthouse's best practices count it). Without eval it validates the same way.
 */
if ('document' in globalThis) config({ jitless: true });
