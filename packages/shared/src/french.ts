/**
 * French plurals: 0 and 1 take the singular ('0 point', '1 membre', '2 membres'). The plural
 * is the singular plus 's' unless given ('1 cheval', '2 chevaux').
 */
export function pluralWord(count: number, singular: string, pluralForm = `${singular}s`): string {
  return Math.abs(count) < 2 ? singular : pluralForm;
}

/** The count and its word: plural(1, 'membre') → '1 membre', plural(3, 'membre') → '3 membres'. */
export function plural(count: number, singular: string, pluralForm?: string): string {
  return `${count} ${pluralWord(count, singular, pluralForm)}`;
}
