/**
 * French texts of spec section 8 (and the few of sections 2 and 4 the shell needs), written
 * once. Keys are grouped by screen; values are exactly the spec's wording.
 */
export const TEXTS = {
  generic: {
    unexpected: 'Erreur inattendue',
    error: 'Une erreur est survenue.',
    notFound: 'Page introuvable',
    unauthorized: "Vous n'êtes pas autorisé à effectuer cette action.",
    network: 'Erreur réseau',
    tooManyRequests: (seconds: number) => `Trop de tentatives : ${seconds}s`,
  },
  listings: {
    matchesError: 'Erreur lors de la récupération des matchs.',
    apiConnection: "Erreur de connexion avec l'API.",
    leagueError: 'Erreur lors de la récupération du classement.',
    apiConnection2: "Erreur de connexion à l'API.",
    noMatch: 'AUCUN MATCH PROCHAINEMENT',
    unknownStadium: 'Stade inconnu',
    unknownCity: 'Ville inconnue',
    noReason: 'Aucun motif trouvé.',
    noNotification: 'Aucune notification',
    noPlace: 'Aucune place disponible',
    deleteFailed: 'Échec de la suppression',
  },
  news: {
    emptyCategory: 'Aucune actualité pour cette catégorie.',
  },
  messaging: {
    placeholder: 'Sélectionnez une discussion dans le menu de gauche',
  },
  validation: {
    forbiddenText: 'Le texte contient des caractères interdits.',
    invalidDate: 'Date invalide',
  },
} as const;
