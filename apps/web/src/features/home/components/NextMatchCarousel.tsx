import { useCallback, useEffect, useState } from 'react';
import useEmblaCarousel from 'embla-carousel-react';
import { MESSAGES, type Match } from '@munegu/shared';
import { ChevronLeftIcon, ChevronRightIcon } from '../../../components/ui/icons';
import { LoadingOverlay } from '../../../components/ui/LoadingOverlay';
import { useNextMatches } from '../../matches';
import { MatchSlide } from './MatchSlide';
import { StadiumBackdrop } from './StadiumBackdrop';

type Props = { onPresence?: (match: Match) => void; onPrediction?: (match: Match) => void };

/** One slide per upcoming match, with arrows and dots (spec section 2, Home). */
export function NextMatchCarousel({ onPresence, onPrediction }: Props) {
  const { data: matches, isPending, isError } = useNextMatches();
  const [emblaRef, embla] = useEmblaCarousel({ loop: false, align: 'center' });
  const [selected, setSelected] = useState(0);
  const count = matches?.length ?? 0;

  const onSelect = useCallback(() => setSelected(embla?.selectedScrollSnap() ?? 0), [embla]);
  useEffect(() => {
    if (!embla) return;
    embla.on('select', onSelect).on('reInit', onSelect);
    return () => {
      embla.off('select', onSelect).off('reInit', onSelect);
    };
  }, [embla, onSelect]);

  let body;
  if (isPending) body = <LoadingOverlay label="Chargement des matchs…" />;
  else if (isError)
    body = <p className="match-carousel__message error-text">{MESSAGES.listings.matchesError}</p>;
  else if (count === 0)
    body = <p className="match-carousel__message">{MESSAGES.listings.noMatch}</p>;
  else
    body = (
      <>
        <div className="match-carousel__viewport" ref={emblaRef}>
          <div className="match-carousel__container">
            {matches?.map((match, index) => (
              <div
                className="match-carousel__slide"
                key={match.id}
                role="group"
                aria-roledescription="diapositive"
                aria-label={`${index + 1} sur ${count}`}
              >
                <MatchSlide
                  match={match}
                  index={index}
                  onPresence={onPresence}
                  onPrediction={onPrediction}
                />
              </div>
            ))}
          </div>
        </div>
        {count > 1 && (
          <>
            <button
              type="button"
              className="carousel-arrow carousel-arrow--prev"
              aria-label="Match précédent"
              onClick={() => embla?.scrollPrev()}
              disabled={selected === 0}
            >
              <ChevronLeftIcon />
            </button>
            <button
              type="button"
              className="carousel-arrow carousel-arrow--next"
              aria-label="Match suivant"
              onClick={() => embla?.scrollNext()}
              disabled={selected === count - 1}
            >
              <ChevronRightIcon />
            </button>
            <div className="carousel-dots">
              {matches?.map((match, index) => (
                <button
                  key={match.id}
                  type="button"
                  className={`carousel-dot${index === selected ? ' is-active' : ''}`}
                  aria-label={`Aller au match ${index + 1}`}
                  aria-current={index === selected ? 'true' : undefined}
                  onClick={() => embla?.scrollTo(index)}
                />
              ))}
            </div>
          </>
        )}
      </>
    );

  return (
    <section
      className="match-carousel on-dark"
      aria-roledescription="carrousel"
      aria-label="Prochains matchs"
    >
      <StadiumBackdrop />
      <div className="match-carousel__shade" aria-hidden="true" />
      {body}
    </section>
  );
}
