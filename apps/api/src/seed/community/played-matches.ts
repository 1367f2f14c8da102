import { NICE, SUPPORTER, ULTRAS } from './helpers.js';
import {
  avion,
  bus,
  car,
  CONFIRME,
  DEMANDE,
  EXCLU,
  pied,
  PROPOSE,
  search,
  train,
  type MatchPlan,
} from './plans.js';

// The four latest played matches: the carpool history, the ratings and the averages on the
// members' profiles come from them. Names are member keys; SUPPORTER is supporter_demo.

/**
 * Played matches, latest first. The latest: supporter_demo rode with Lucas and has not rated
 * him yet (the demo shows 'NOTE TON COVOITURAGE'); the others rated each other.
 */
export const PLAYED_MATCHES: readonly MatchPlan[] = [
  {
    presences: [
      car('lucas98', '06', 4),
      bus('theo_asm', '06', ULTRAS),
      bus('manon', '06', NICE),
      avion('camille', '06'),
      car('thomas83', '83', 3),
      train('alexandre', '75'),
      car('quentin', '69'),
      train('sebastien', '33'),
    ],
    searches: [
      search(SUPPORTER, '06'),
      search('nathan', '06'),
      search('kevin', '06'),
      search('julie', '83'),
      search('florian', '83', 2),
    ],
    relations: [
      {
        driver: 'lucas98',
        passenger: SUPPORTER,
        opened: PROPOSE,
        then: [CONFIRME],
        hoursAgo: 96,
        notes: { driver: 5 },
      },
      {
        driver: 'lucas98',
        passenger: 'nathan',
        opened: DEMANDE,
        then: [CONFIRME],
        hoursAgo: 120,
        notes: { driver: 4.5, passenger: 4.5 },
      },
      {
        driver: 'thomas83',
        passenger: 'julie',
        opened: DEMANDE,
        then: [CONFIRME],
        hoursAgo: 100,
        notes: { driver: 4.5, passenger: 5 },
      },
      {
        driver: 'thomas83',
        passenger: 'florian',
        opened: PROPOSE,
        then: [CONFIRME],
        hoursAgo: 110,
        notes: { driver: 5, passenger: 4 },
      },
    ],
  },
  {
    presences: [
      car(SUPPORTER, '06', 3),
      car('lucas98', '06', 3),
      pied('nathan', 'MC'),
      pied('lea', 'MC'),
      train('julien', '06'),
      bus('theo_asm', '06', ULTRAS),
      bus('manon', '06', NICE),
      car('marion', '83'),
      train('antoine', '83'),
      car('nicolas', '13', 2),
    ],
    searches: [
      search('emma', '06'),
      search('ines', '06'),
      search('kevin', '06'),
      search('audrey', '13'),
    ],
    relations: [
      {
        driver: SUPPORTER,
        passenger: 'emma',
        opened: PROPOSE,
        then: [CONFIRME],
        hoursAgo: 72,
        notes: { driver: 5, passenger: 4.5 },
      },
      {
        driver: 'lucas98',
        passenger: 'ines',
        opened: DEMANDE,
        then: [CONFIRME],
        hoursAgo: 90,
        notes: { driver: 5, passenger: 4 },
      },
      {
        driver: 'lucas98',
        passenger: 'kevin',
        opened: DEMANDE,
        then: [CONFIRME, EXCLU],
        reason: 'Passager injoignable',
        hoursAgo: 110,
      },
      {
        driver: 'nicolas',
        passenger: 'audrey',
        opened: PROPOSE,
        then: [CONFIRME],
        hoursAgo: 60,
        notes: { driver: 4, passenger: 3.5 },
      },
    ],
  },
  {
    presences: [
      bus(SUPPORTER, '06', NICE),
      bus('theo_asm', '06', ULTRAS),
      bus('manon', '06', NICE),
      bus('hugo06', '06', NICE),
      car('thomas83', '83', 4),
      train('alexandre', '75'),
      train('charlotte', '75'),
    ],
    searches: [search('elodie', '83')],
    relations: [
      {
        driver: 'thomas83',
        passenger: 'elodie',
        opened: PROPOSE,
        then: [CONFIRME],
        hoursAgo: 80,
        notes: { driver: 4.5, passenger: 5 },
      },
    ],
  },
  {
    presences: [
      train(SUPPORTER, '06'),
      car('lucas98', '06', 3),
      pied('nathan', 'MC'),
      train('julien', '06'),
      bus('theo_asm', '06', ULTRAS),
      car('camille', '06'),
      car('thomas83', '83', 4),
      car('remi', '04', 2),
    ],
    searches: [],
  },
];
