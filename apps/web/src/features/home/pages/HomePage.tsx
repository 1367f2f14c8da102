import { Suspense, useId, useState } from 'react';
import { LIMITS } from '@munegu/shared';
import { useMediaQuery } from '../../../lib/hooks';
import { TableIcon } from '../../../components/ui/icons';
import { NextMatchCarousel } from '../components/NextMatchCarousel';
import { LeagueTablePanel } from '../components/LeagueTablePanel';
import { WelcomePanel } from '../components/WelcomePanel';
import { NewsContestCarousel } from '../components/NewsContestCarousel';
import { PartnerBanner } from '../components/PartnerBanner';
import { LazyPredictionPopup as PredictionPopup } from '../../predictions';
import {
  LazyMuneguMapDialog as MuneguMapDialog,
  LazyPresenceDialog as PresenceDialog,
  LazyRatingDialog as RatingDialog,
} from '../../carpool';
import { Deferred } from '../../../lib/boot/Deferred';
import type { Match } from '@munegu/shared';
import styles from './HomePage.module.css';
import { cx } from '../../../lib/cx';

export default function HomePage() {
  // At 1260px or less the league table hides behind a toggle icon (spec section 2).
  const compact = useMediaQuery(`(max-width: ${LIMITS.leagueTableToggleMaxWidth}px)`);
  const [tableOpen, setTableOpen] = useState(false);
  const [predicting, setPredicting] = useState<Match | null>(null);
  // The match whose presence form, MuneguMap or rating is open.
  const [presenceFor, setPresenceFor] = useState<Match | null>(null);
  const [mapFor, setMapFor] = useState<Match | null>(null);
  const [ratingFor, setRatingFor] = useState<Match | null>(null);
  const tableId = useId();
  const showTable = !compact || tableOpen;

  return (
    <div className={cx(styles['home'], 'page')}>
      <h1 className="visually-hidden">Munegu, l’espace des supporters de l’AS Monaco</h1>
      <div className={styles['home__top']}>
        <div className={styles['home__match']}>
          <NextMatchCarousel
            onPrediction={setPredicting}
            onPresence={setPresenceFor}
            onOpenMap={setMapFor}
            onRate={setRatingFor}
          />
          {compact && (
            <button
              type="button"
              className={styles['home__table-toggle']}
              aria-expanded={tableOpen}
              aria-controls={tableId}
              aria-label={tableOpen ? 'Masquer le classement' : 'Afficher le classement'}
              onClick={() => setTableOpen((open) => !open)}
            >
              <TableIcon />
            </button>
          )}
        </div>
        <LeagueTablePanel id={tableId} hidden={!showTable} />
      </div>
      <div className={cx(styles['home__middle'], 'near-view')}>
        <WelcomePanel />
        <NewsContestCarousel />
      </div>
      <PartnerBanner />
      {/* Each dialog's code is fetched the first time it opens. */}
      <Deferred when={predicting !== null}>
        <PredictionPopup match={predicting} onClose={() => setPredicting(null)} />
      </Deferred>
      <Deferred when={presenceFor !== null}>
        <PresenceDialog
          match={presenceFor}
          onClose={() => setPresenceFor(null)}
          onOpenMap={setMapFor}
        />
      </Deferred>
      <Deferred when={ratingFor !== null}>
        <RatingDialog match={ratingFor} onClose={() => setRatingFor(null)} />
      </Deferred>
      {mapFor && (
        <Suspense fallback={null}>
          <MuneguMapDialog match={mapFor} open onOpenChange={(open) => !open && setMapFor(null)} />
        </Suspense>
      )}
    </div>
  );
}
