import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { TEXTS, type Match } from '@munegu/shared';
import { ChevronLeftIcon, ChevronRightIcon } from '../../../components/ui/icons';
import { LoadingOverlay } from '../../../components/ui/LoadingOverlay';
import { CarouselSlide } from '../../../components/ui/CarouselSlide';
import { useCarousel } from '../../../components/ui/useCarousel';
import { useSlideHeight } from '../../../components/ui/useSlideHeight';
import { useNextMatches, useRefetchAtKickoff } from '../../matches';
import { useNow } from '../../../lib/hooks';
import { MatchSlide } from './MatchSlide';
import { StadiumBackdrop } from './StadiumBackdrop';
import styles from './NextMatchCarousel.module.css';
import { cx } from '../../../lib/cx';
import { useFirstPageSettled } from '../../../lib/boot';

type OpenFor = (match: Match) => void;
/** What each slide's buttons open (the home page holds the popups). */
type Props = {
  onPresence?: OpenFor;
  onPrediction?: OpenFor;
  onOpenMap?: OpenFor;
  onRate?: OpenFor;
};

/** Watches the next match's kickoff; ticks on its own so that the carousel does not. */
function KickoffWatch({ match }: { match: Match | undefined }) {
  useRefetchAtKickoff(match, useNow(1000));
  return null;
}

/** One slide per upcoming match, with arrows and dots (spec section 2, Home). */
export function NextMatchCarousel({ onPresence, onPrediction, onOpenMap, onRate }: Props) {
  const { data: matches, isPending, isError } = useNextMatches();
  const count = matches?.length ?? 0;
  // The first slide alone until the first page has painted (its crests are the page's largest
  // paint); the other slides then come in a transition, which React renders in pieces it
  // interrupts for the visitor, so the page's first commit stays one slide wide on a slow phone.
  // Embla is fetched and started after that (useCarousel); an arrow or dot used before it is
  // there makes it at once and moves once it is.
  const settled = useFirstPageSettled();
  const shown = settled ? count : Math.min(count, 1);
  const carousel = useCarousel({ loop: false, align: 'center' }, count > 0);
  const { selected, scrollTo } = carousel;
  const viewportRef = useSlideHeight(carousel.ref, selected, shown);

  // Opening a notification selects its match: it navigates here with state `{ matchId }`.
  const { state: navState, key: navKey } = useLocation();
  const wantedMatchId = (navState as { matchId?: unknown } | null)?.matchId;
  useEffect(() => {
    if (typeof wantedMatchId !== 'number') return;
    const index = matches?.findIndex((match) => match.id === wantedMatchId) ?? -1;
    if (index >= 0 && index < shown) scrollTo(index);
  }, [scrollTo, matches, wantedMatchId, navKey, shown]);

  let body;
  if (isPending) body = <LoadingOverlay label="Chargement des matchs…" />;
  else if (isError)
    body = (
      <p className={cx(styles['match-carousel__message'], 'error-text')}>
        {TEXTS.listings.matchesError}
      </p>
    );
  else if (count === 0)
    body = <p className={styles['match-carousel__message']}>{TEXTS.listings.noMatch}</p>;
  else
    body = (
      <>
        <KickoffWatch match={matches?.[0]} />
        <div className={styles['match-carousel__viewport']} ref={viewportRef}>
          <div className={styles['match-carousel__container']}>
            {matches?.slice(0, shown).map((match, index) => (
              <CarouselSlide
                className={styles['match-carousel__slide']}
                key={match.id}
                label={`${index + 1} sur ${count}`}
                shown={index === selected}
              >
                <MatchSlide
                  match={match}
                  index={index}
                  onPresence={onPresence}
                  onPrediction={onPrediction}
                  onOpenMap={onOpenMap}
                  onRate={onRate}
                />
              </CarouselSlide>
            ))}
          </div>
        </div>
        {count > 1 && (
          <>
            <button
              type="button"
              className={cx(styles['carousel-arrow'], styles['carousel-arrow--prev'])}
              aria-label="Match précédent"
              onClick={carousel.scrollPrev}
              disabled={selected === 0}
            >
              <ChevronLeftIcon />
            </button>
            <button
              type="button"
              className={cx(styles['carousel-arrow'], styles['carousel-arrow--next'])}
              aria-label="Match suivant"
              onClick={carousel.scrollNext}
              disabled={selected === count - 1}
            >
              <ChevronRightIcon />
            </button>
            <div className={styles['carousel-dots']}>
              {matches?.slice(0, shown).map((match, index) => (
                <button
                  key={match.id}
                  type="button"
                  className={`${styles['carousel-dot']}${index === selected ? ' is-active' : ''}`}
                  aria-label={`Aller au match ${index + 1}`}
                  aria-current={index === selected ? 'true' : undefined}
                  onClick={() => scrollTo(index)}
                />
              ))}
            </div>
          </>
        )}
      </>
    );

  return (
    <section
      className={cx(styles['match-carousel'], 'on-dark')}
      aria-roledescription="carrousel"
      aria-label="Prochains matchs"
    >
      <StadiumBackdrop />
      <div className={styles['match-carousel__shade']} aria-hidden="true" />
      {body}
    </section>
  );
}
