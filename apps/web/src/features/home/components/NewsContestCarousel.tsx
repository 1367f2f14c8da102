import { useRef, useState, type PointerEvent } from 'react';
import { Link } from 'react-router-dom';
import { LIMITS, TEXTS } from '@munegu/shared';
import { useMediaQuery } from '../../../lib/hooks';
import { CarouselSlide } from '../../../components/ui/CarouselSlide';
import { useCarousel } from '../../../components/ui/useCarousel';
import { useSlideHeight } from '../../../components/ui/useSlideHeight';
import { excerptLength, useContests, useNews, type NewsItem } from '../../news';
import { ContestGrid, NewsCard } from '../../news';
import { LazyNewsPopup as NewsPopup } from '../../news';
import { Deferred } from '../../../lib/boot/Deferred';
import { hasRole } from '@munegu/shared';
import { useAuth } from '../../../lib/auth';
import styles from './NewsContestCarousel.module.css';

/**
 * Two slides: the latest news and, when there are any, the running contests. Swiping moves
 * one slide once the finger has travelled 80 px (spec section 9), not on the slightest drag.
 */
export function NewsContestCarousel() {
  const news = useNews();
  const contests = useContests();
  const { user } = useAuth();
  const editor = hasRole(user?.role?.libelle, 'REDACTEUR');
  const narrow = useMediaQuery(`(max-width: ${LIMITS.homeNews.narrowWidth}px)`);
  const medium = useMediaQuery(`(max-width: ${LIMITS.excerpt.mediumBelow - 1}px)`);
  const small = useMediaQuery(`(max-width: ${LIMITS.excerpt.narrowBelow - 1}px)`);
  // Embla measures the slides (forcing the page's layout) when it starts: it starts once the
  // news and contests are there and the first page has painted (useCarousel), or sooner when a
  // tab or swipe asks for a move first (the move is then played once it is there).
  const carousel = useCarousel({ watchDrag: false }, !news.isPending && !contests.isPending);
  const { selected } = carousel;
  const [opened, setOpened] = useState<NewsItem | null>(null);
  const startX = useRef<number | null>(null);

  const items = (news.data ?? []).slice(
    0,
    narrow ? LIMITS.homeNews.maxNarrow : LIMITS.homeNews.max,
  );
  const contestList = contests.data ?? [];
  const slides = contestList.length > 0 ? ['Actualités', 'Concours'] : ['Actualités'];
  // A single contest is much shorter than four news: the section fits the slide shown.
  const viewportRef = useSlideHeight(carousel.ref, selected, slides.length);
  const excerptMax = excerptLength(small ? 700 : medium ? 900 : 1200);

  const onPointerDown = (event: PointerEvent) => {
    startX.current = event.clientX;
  };
  const onPointerUp = (event: PointerEvent) => {
    if (startX.current === null) return;
    const delta = event.clientX - startX.current;
    startX.current = null;
    if (delta <= -LIMITS.swipeThresholdPx) carousel.scrollNext();
    else if (delta >= LIMITS.swipeThresholdPx) carousel.scrollPrev();
  };

  return (
    <section
      className={styles['news-carousel']}
      aria-roledescription="carrousel"
      aria-labelledby="news-carousel-title"
    >
      <div className={styles['news-carousel__head']}>
        <h2 id="news-carousel-title">{slides[selected] ?? 'Actualités'}</h2>
        {slides.length > 1 && (
          <div className={styles['news-carousel__tabs']}>
            {slides.map((label, index) => (
              <button
                key={label}
                type="button"
                className={`chip${index === selected ? ' is-active' : ''}`}
                aria-pressed={index === selected}
                onClick={() => carousel.scrollTo(index)}
              >
                {label}
              </button>
            ))}
          </div>
        )}
        {selected === 0 && (
          <Link to="/actualites" className={styles['news-carousel__all']}>
            Voir toutes les actualités
          </Link>
        )}
      </div>
      <div
        className={styles['news-carousel__viewport']}
        ref={viewportRef}
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => (startX.current = null)}
      >
        <div className={styles['news-carousel__container']}>
          <CarouselSlide
            className={styles['news-carousel__slide']}
            label="Actualités"
            shown={selected === 0}
          >
            {news.isError && !news.data ? (
              // Not 'no news': the list could not be read.
              <p className="empty-state error-text card">{TEXTS.generic.error}</p>
            ) : items.length === 0 ? (
              <p className="empty-state card">
                {news.isPending ? 'Chargement…' : TEXTS.news.emptyCategory}
              </p>
            ) : (
              <div className={styles['news-carousel__grid']}>
                {items.map((item) => (
                  <NewsCard key={item.id} item={item} excerptMax={excerptMax} onOpen={setOpened} />
                ))}
              </div>
            )}
          </CarouselSlide>
          {contestList.length > 0 && (
            <CarouselSlide
              className={styles['news-carousel__slide']}
              label="Concours"
              shown={selected === 1}
            >
              <ContestGrid
                contests={contestList}
                editor={editor}
                className={styles['news-carousel__grid']}
              />
            </CarouselSlide>
          )}
        </div>
      </div>
      <Deferred when={opened !== null}>
        <NewsPopup item={opened} onClose={() => setOpened(null)} />
      </Deferred>
    </section>
  );
}
