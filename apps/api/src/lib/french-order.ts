const collator = new Intl.Collator('fr', { sensitivity: 'base', numeric: true });

/**
 * Names in the order a French reader looks for them (case and accents aside, numbers by
 * value). The database's C collation sorts bytes: 'AS Monaco' before 'Angers SCO', 'LOSC
 * Lille' before 'Le Havre AC'.
 */
export const byFrenchName = (a: { name: string }, b: { name: string }): number =>
  collator.compare(a.name, b.name);
