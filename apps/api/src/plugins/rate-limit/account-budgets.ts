import type { AccountBudgetLimits, AccountBudgetName } from '../../config/rate-budgets.js';
import { AppError } from '../../lib/errors.js';
import type { RateCounters, RateHit } from './counters.js';

/**
 * Budgets per member account (config/rate-budgets.ts ACCOUNT_BUDGET_DEFAULTS), taken by the
 * services whose writes reach another member. Address budgets hang on routes; these hang on
 * who is signed in, so one account cannot spread its flood over many addresses.
 */
export interface AccountBudgets {
  /**
   * Counts one use of `name` for `key` (a member id, or several ids joined for a pair) and
   * throws RATE_LIMITED with `ttl` when the window's budget is spent.
   */
  take(name: AccountBudgetName, key: string): Promise<void>;
}

/** What a member reads when a budget is spent: French, and when to try again. */
export const BUDGET_TEXTS: Record<AccountBudgetName, string> = {
  carpoolRequest: 'Tu as envoyé beaucoup de demandes de covoiturage.',
  carpoolPair: 'Tu as déjà beaucoup sollicité ce membre pour ce match.',
  carpoolCancel: 'Tu as annulé beaucoup de covoiturages.',
  carpoolRating: 'Tu as donné beaucoup de notes.',
  messageRequest: 'Tu as écrit à beaucoup de nouveaux membres.',
  pushSubscription: 'Trop d’appareils enregistrés pour les notifications.',
  groupMessage: 'Tu as écrit beaucoup de messages dans les groupes.',
  groupMessagePerGroup: 'Ce groupe a reçu beaucoup de messages.',
  tripAnnouncement: 'Tu as envoyé beaucoup d’annonces.',
  tripAnnouncementPerTrip: 'Ce déplacement a déjà reçu beaucoup d’annonces.',
  tripSchedule: 'Tu as changé beaucoup d’horaires de départ.',
  tripSchedulePerTrip: 'Les horaires de ce déplacement ont déjà beaucoup changé.',
  tripRegistration: 'Tu t’es inscrit à beaucoup de déplacements.',
  // Counted by the reports service itself (modules/reports), which answers its own text.
  reports: 'Tu as envoyé beaucoup de signalements.',
};

/** '… Réessaie dans 3 minutes.' from a wait in seconds. */
export function retryIn(ttlSeconds: number): string {
  if (ttlSeconds < 60) return `Réessaie dans ${ttlSeconds} seconde${ttlSeconds > 1 ? 's' : ''}.`;
  const minutes = Math.ceil(ttlSeconds / 60);
  if (minutes < 60) return `Réessaie dans ${minutes} minute${minutes > 1 ? 's' : ''}.`;
  const hours = Math.ceil(minutes / 60);
  return `Réessaie dans ${hours} heure${hours > 1 ? 's' : ''}.`;
}

export function accountBudgets(
  counters: Pick<RateCounters, 'hit'>,
  limits: AccountBudgetLimits,
): AccountBudgets {
  return {
    async take(name, key) {
      const { max, timeWindow } = limits[name];
      const hit = await counters.hit(`account:${name}:${key}`, timeWindow);
      if (hit.current <= max) return;
      const ttl = Math.max(1, Math.ceil(hit.ttl / 1000));
      throw new AppError('RATE_LIMITED', `${BUDGET_TEXTS[name]} ${retryIn(ttl)}`, { ttl });
    },
  };
}

/**
 * Counters of one process (the embedded mode and most tests, where the route budgets also
 * count in memory); several instances share theirs through PostgreSQL or Redis (counters.ts).
 */
export function memoryCounters(now: () => number = Date.now): RateCounters {
  const windows = new Map<string, { hits: number; resetAt: number }>();
  const dropFinished = (t: number) => {
    let gone = 0;
    for (const [key, w] of windows) {
      if (w.resetAt <= t) {
        windows.delete(key);
        gone += 1;
      }
    }
    return gone;
  };
  return {
    async hit(key, windowMs): Promise<RateHit> {
      const t = now();
      // No scheduled purge runs for memory counters: finished windows go as the map grows.
      if (windows.size >= 10_000) dropFinished(t);
      let w = windows.get(key);
      if (!w || w.resetAt <= t) {
        w = { hits: 0, resetAt: t + windowMs };
        windows.set(key, w);
      }
      w.hits += 1;
      return { current: w.hits, ttl: w.resetAt - t };
    },
    purge: async () => dropFinished(now()),
    close: async () => {},
  };
}
