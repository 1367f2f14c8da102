// The personal-data export (GET /users/me/export) is a dump of the member's rows. Its file
// names every field as the database model did when the export was specified (pseudo,
// placesDispo, libelle…), so a member's tools that read it keep working: this file gives the
// rows' English code names back their export names, model by model, keeping the key order.

interface Spec {
  keys?: Record<string, string>;
  nested?: Record<string, Spec>;
}

const person: Spec = { keys: { username: 'pseudo' } };
const user: Spec = {
  keys: {
    username: 'pseudo',
    firstName: 'prenom',
    lastName: 'nom',
    department: 'departement',
    position: 'poste',
    appMailOptIn: 'notifMailAppli',
    promoMailOptIn: 'notifMailPromo',
    carpoolRating: 'noteCovoiturage',
    predictionPoints: 'ptsProno',
    predictionRank: 'classementProno',
  },
};
const labelled: Spec = { keys: { label: 'libelle' } };
const rating = (other: string): Spec => ({ keys: { stars: 'note' }, nested: { [other]: person } });

const SECTIONS: Record<string, Spec> = {
  compte: user,
  antennes: { nested: { antenna: { keys: { name: 'nom', category: 'categorie' } } } },
  titres: { nested: { title: { keys: { label: 'libelle', color: 'couleur' } } } },
  presences: {
    keys: {
      offersCarpool: 'covoiturage',
      freeSeats: 'placesDispo',
      departureDepartment: 'departementDepart',
      active: 'actif',
    },
    nested: { transportType: labelled },
  },
  recherches: {
    keys: { groupSize: 'nbPers', departureDepartment: 'departementDepart', active: 'actif' },
  },
  covoiturages: {
    keys: { groupSize: 'nbPers', departureDepartment: 'departementDepart' },
    nested: { status: labelled, driver: person, passenger: person },
  },
  notesDonnees: rating('rated'),
  notesRecues: { keys: { stars: 'note' } },
  pronostics: { keys: { homeScore: 'scoreDom', awayScore: 'scoreExt' } },
  signalements: { nested: { reportedUser: person } },
  conversations: { nested: { user1: person, user2: person } },
  messagesGroupes: { keys: { announcement: 'annonce' } },
  deplacements: {
    keys: { seatCount: 'nbPlaces', status: 'statut', phone: 'telephone', paid: 'paye' },
    nested: {
      trip: {
        keys: { departurePlace: 'departLieu', departureAt: 'departHeure' },
        nested: { antenna: { keys: { name: 'nom' } } },
      },
    },
  },
  ligues: { keys: { name: 'nom' } },
  liguesRejointes: { keys: { league: 'ligue' }, nested: { league: { keys: { name: 'nom' } } } },
  preferencesPush: { keys: { carpool: 'covoiturage', predictions: 'pronostics' } },
  contacts: { keys: { firstName: 'prenom', lastName: 'nom', subject: 'objet' } },
};

function renamed(value: unknown, spec: Spec): unknown {
  if (Array.isArray(value)) return value.map((v) => renamed(v, spec));
  // Only plain rows are renamed: dates and decimals are values, serialised as they are.
  if (
    value === null ||
    typeof value !== 'object' ||
    Object.getPrototypeOf(value) !== Object.prototype
  )
    return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [
      spec.keys?.[k] ?? k,
      spec.nested?.[k] ? renamed(v, spec.nested[k]) : v,
    ]),
  );
}

/** The export's sections with their export names. */
export function toExportSections(sections: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(sections).map(([name, rows]) => [
      name,
      SECTIONS[name] ? renamed(rows, SECTIONS[name]) : rows,
    ]),
  );
}
