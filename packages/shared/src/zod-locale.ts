import { z } from 'zod';

/**
 * French for every zod message a schema does not set itself ('Entrée invalide…' rather than
 * 'Invalid input…'), for the API's 400 answers and the web forms alike. Imported first by
 * index.ts, so it applies wherever the shared package is used.
 */
z.config(z.locales.fr());
