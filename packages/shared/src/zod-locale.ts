import { z } from 'zod';

/**
 * French for every zod message a schema does not set itself ('Entrée invalide…' rather than
 * 'Invalid input…'), for the API's 400 answers and the web forms alike. Imported first by
 * index.ts, so it applies wherever the shared package is used.
 */
z.config(z.locales.fr());

/**
 * In the browser the page's CSP forbids eval: zod would first probe `new Function('')` to
 * compile its fast object parsers, a CSP violation the browser reports as an issue on every
 * page (Lighthouse's best practices count it). Without eval it validates the same way.
 */
if ('document' in globalThis) z.config({ jitless: true });
