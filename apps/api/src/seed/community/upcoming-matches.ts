import { NICE, SUPPORTER, ULTRAS } from './helpers.js';
import {
  ANNULE,
  avion,
  bus,
  car,
  CONFIRME,
  DEMANDE,
  pied,
  PROPOSE,
  REFUSE,
  search,
  train,
  type MatchPlan,
} from './plans.js';

// The two upcoming matches as supporter_demo finds them on the MuneguMap and in the carpool
// screens. Names are member keys; SUPPORTER is supporter_demo.

/**
 * The next match: the whole range of transports over nine departments and Monaco, and supporter_demo
 * driving from the 06 with 4 seats: Chloé's group of 2 and Enzo confirmed (1 seat left),
 * Sarah's request waiting for an answer.
 */
export const NEXT_MATCH: MatchPlan = {
  presences: [
    car(SUPPORTER, '06', 4),
    car('lucas98', '06', 3),
    car('camille', '06'),
    bus('theo_asm', '06', ULTRAS),
    bus('manon', '06', NICE),
    bus('hugo06', '06', NICE),
    // Monegasques walk to the Louis-II.
    pied('nathan', 'MC'),
    pied('lea', 'MC'),
    train('julien', '06'),
    bus('maxime', '06'),
    car('romain', '06', 2),
    pied('anthony', 'MC'),
    car('thomas83', '83', 4),
    car('marion', '83'),
    train('antoine', '83'),
    car('claire', '83', 2),
    bus('elodie', '83'),
    car('nicolas', '13', 3),
    train('audrey', '13'),
    avion('alexandre', '75'),
    train('charlotte', '75'),
    train('quentin', '69'),
    car('remi', '04', 3),
    car('sandrine', '84'),
    avion('jbaptiste', '2A'),
    avion('sebastien', '33'),
  ],
  searches: [
    search('chloe_rb', '06', 2),
    search('enzo', '06'),
    search('sarah', '06'),
    search('ines', '06'),
    search('emma', '06'),
    search('julie', '83'),
    search('florian', '83', 2),
    search('mathieu', '83'),
    search('karim13', '13', 3),
  ],
  relations: [
    {
      driver: SUPPORTER,
      passenger: 'chloe_rb',
      opened: PROPOSE,
      then: [CONFIRME],
      hoursAgo: 52,
      description: 'Je pars de Nice Est deux heures avant le match, je peux vous prendre.',
    },
    { driver: SUPPORTER, passenger: 'enzo', opened: DEMANDE, then: [CONFIRME], hoursAgo: 30 },
    {
      driver: SUPPORTER,
      passenger: 'sarah',
      opened: DEMANDE,
      hoursAgo: 5,
      description: 'Salut ! Il te reste une place ? Je peux te rejoindre à Nice Nord.',
    },
    { driver: 'lucas98', passenger: 'ines', opened: PROPOSE, then: [CONFIRME], hoursAgo: 70 },
    { driver: 'romain', passenger: 'emma', opened: DEMANDE, then: [REFUSE], hoursAgo: 40 },
    { driver: 'lucas98', passenger: 'emma', opened: DEMANDE, hoursAgo: 8 },
    { driver: 'thomas83', passenger: 'florian', opened: DEMANDE, then: [CONFIRME], hoursAgo: 60 },
    { driver: 'thomas83', passenger: 'julie', opened: PROPOSE, hoursAgo: 14 },
    {
      driver: 'claire',
      passenger: 'mathieu',
      opened: DEMANDE,
      then: [CONFIRME, ANNULE],
      reason: 'Horaires incompatibles',
      hoursAgo: 80,
    },
    {
      driver: 'nicolas',
      passenger: 'karim13',
      opened: DEMANDE,
      hoursAgo: 20,
      description: 'On est trois depuis Marseille, on partage l’essence bien sûr !',
    },
  ],
};

/** The match after: a few early answers. */
export const MATCH_AFTER_NEXT: MatchPlan = {
  presences: [
    car('thomas83', '83', 4),
    car('lucas98', '06', 3),
    bus('theo_asm', '06', ULTRAS),
    train('alexandre', '75'),
  ],
  searches: [search('julie', '83')],
};
