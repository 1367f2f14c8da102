// Reference lists on the wire keep the spec's French names (libelle, nom, categorie); the
// rows use the code's English ones. The one place that translates them.

export const toTransport = (t: { id: number; label: string }) => ({ id: t.id, libelle: t.label });
export const toAntennaRef = (a: { id: number; name: string; category: string }) => ({
  id: a.id,
  nom: a.name,
  categorie: a.category,
});
export const toCategoryRef = (c: { id: number; label: string }) => ({ id: c.id, libelle: c.label });
