import { config, type core } from 'zod';
import { plural } from './french.js';

type Issue = core.$ZodRawIssue;

const FORMATS: Record<string, string> = {
  email: 'Adresse e-mail invalide.',
  url: 'Adresse web invalide.',
  datetime: 'Date et heure invalides.',
  date: 'Date invalide.',
  time: 'Heure invalide.',
  uuid: 'Identifiant invalide.',
};

function sizeLimit(
  issue: Issue & { origin?: string; inclusive?: boolean },
  bound: number | bigint,
  above: boolean,
) {
  const n = Number(bound);
  switch (issue.origin) {
    case 'string':
      if (!above && n <= 1) return 'Ce champ est obligatoire.';
      return `${plural(n, 'caractère')} au ${above ? 'maximum' : 'minimum'}.`;
    case 'array':
    case 'set':
      return `${plural(n, 'élément')} au ${above ? 'maximum' : 'minimum'}.`;
    case 'file':
      return above ? 'Fichier trop volumineux.' : 'Fichier vide.';
    case 'date':
      return above ? 'Date trop tardive.' : 'Date trop ancienne.';
    default:
      return `La valeur doit être ${above ? 'inférieure' : 'supérieure'}${issue.inclusive === false ? '' : ' ou égale'} à ${n}.`;
  }
}

/** Messages a person reads, without type names, symbols or regular expressions. */
function frenchError(issue: Issue): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined || issue.input === null
        ? 'Ce champ est obligatoire.'
        : 'Valeur invalide.';
    case 'too_big':
      return sizeLimit(issue, issue.maximum, true);
    case 'too_small':
      return sizeLimit(issue, issue.minimum, false);
    case 'invalid_format':
      return FORMATS[issue.format] ?? 'Format invalide.';
    case 'invalid_value':
      return 'Choix invalide.';
    case 'unrecognized_keys':
      return issue.keys.length > 1
        ? `Champs inconnus : ${issue.keys.join(', ')}.`
        : `Champ inconnu : ${issue.keys.join(', ')}.`;
    default:
      return 'Valeur invalide.';
  }
}

/**
 * Plain French for every zod message a schema does not set itself ('300 caractères au
 * maximum.' rather than 'Invalid input…' or zod's own French locale, 'Trop grand : chaîne de
 * caractères doit avoir <=300 caractères'), for the API's 400 answers and the web forms alike. Every module that
 * builds schemas imports it (rather than index.ts once), so it applies wherever a schema is
 * used, and the web bundler, told the package has no other side effects (package.json
 * `sideEffects`), can leave zod out of the chunks that use no schema (the app's first load).
 */
// Called by its own name, not as `z.config`: the web build marks `z.…` calls as pure (they
// only build schemas; apps/web/build/pure-schemas.ts), which these are not.
config({ localeError: frenchError });

/**
 * In the browser the page's CSP forbids eval: zod would first probe `new Function('')` to
 * compile its fast object parsers, a CSP violation the browser reports as an issue on every
 * page (Lighthouse's best practices count it). Without eval it validates the same way.
 */
if ('document' in globalThis) config({ jitless: true });
