/**
 * The prediction game's reward (spec section 9: "The reward is a shirt to win").
 * [CONFIGURATION] The association writes the real prize and its rules here before going live.
 */
export const PRONO_REWARD = {
  title: 'UN MAILLOT À GAGNER !',
  text: 'Chaque journée, le meilleur pronostiqueur remporte un maillot officiel de l’AS Monaco. Fais ton prono avant le coup d’envoi : +5 points pour le score exact, +3 pour le bon résultat et la bonne différence de buts, +1 pour le bon résultat.',
} as const;
