import type {
  AdminAntenna,
  AdminCategory,
  AntennaInput,
  AdminTitle,
  MemberSummary,
  TitleInput,
  TitleWithHolders,
} from '@munegu/shared';
import { PROTECTED_CATEGORIES, TRANSPORT_IDS, type AdminTransport } from '@munegu/shared';
import type { TitleFields, TitleRow } from './titles.repository.js';

// The administration's wire names are the spec's French ones (nom, categorie, libelle,
// couleur); the rows use the code's English names. This file is the one place that
// translates between them, both ways.

type AntennaRow = { id: number; name: string; category: string } & {
  _count: { members: number; presences: number };
};
export const toAntenna = ({ id, name, category, _count }: AntennaRow): AdminAntenna => ({
  id,
  nom: name,
  categorie: category,
  uses: _count.members + _count.presences,
});
export const antennaFields = (input: AntennaInput) => ({
  name: input.nom,
  category: input.categorie,
});

export const isProtected = (label: string) =>
  (PROTECTED_CATEGORIES as readonly string[]).includes(label.trim().toUpperCase());
export const toCategory = (c: {
  id: number;
  label: string;
  _count: { news: number };
}): AdminCategory => ({
  id: c.id,
  libelle: c.label,
  protected: isProtected(c.label),
  uses: c._count.news,
});

/** The spec's six modes (ids fixed by the seed) carry the carpool rules: never edited. */
export const isSpecTransport = (id: number) =>
  (Object.values(TRANSPORT_IDS) as number[]).includes(id);
export const toTransport = (t: {
  id: number;
  label: string;
  _count: { presences: number };
}): AdminTransport => ({
  id: t.id,
  libelle: t.label,
  protected: isSpecTransport(t.id),
  uses: t._count.presences,
});

export const toAdminTitle = (t: {
  id: number;
  label: string;
  color: string;
  importance: number;
}): AdminTitle => ({ id: t.id, libelle: t.label, couleur: t.color, importance: t.importance });
export const toTitle = ({ _count, ...t }: TitleRow): TitleWithHolders => ({
  ...toAdminTitle(t),
  holders: _count.holders,
});
/** Colours are stored upper-case so '#e2001a' and '#E2001A' are the same colour. */
export const titleFields = (input: TitleInput): TitleFields => ({
  label: input.libelle,
  color: input.couleur.toUpperCase(),
  importance: input.importance,
});

export const toMemberSummary = (u: {
  id: number;
  username: string;
  email: string;
  role: MemberSummary['role'];
  status: MemberSummary['status'];
}): MemberSummary => ({
  id: u.id,
  pseudo: u.username,
  email: u.email,
  role: u.role,
  status: u.status,
});
