import { useCallback, useEffect, useRef, useState } from 'react';
import type { EmblaCarouselType, EmblaOptionsType } from 'embla-carousel';
import { useFirstPageSettled } from '../../lib/boot';

/** A move asked of the carousel: to a slide, or one step either way. */
type Move = number | 'prev' | 'next';

export type Carousel = {
  /** Give it the carousel's viewport element. */
  ref: (viewport: HTMLElement | null) => void;
  /** The slide shown (0 until the carousel exists: the first slide is the one on screen). */
  selected: number;
  scrollTo: (index: number) => void;
  scrollPrev: () => void;
  scrollNext: () => void;
};

function apply(carousel: EmblaCarouselType, move: Move): void {
  if (move === 'prev') carousel.scrollPrev();
  else if (move === 'next') carousel.scrollNext();
  else carousel.scrollTo(move);
}

/**
 * An Embla carousel on the element given to `ref`, made once `enabled` turns true and the first
 * page has painted (lib/boot/afterFirstPage).
 *
 * The library is fetched only then, in its own chunk: a carousel's first
 * slide is plain content that paints without it, and the home page's two carousels are enabled
 * after their content has been painted (Embla measures every slide when it starts, forcing the
 * page's layout). Before, its code came with the page's and ran before its first paint.
 *
 * A move asked before the carousel exists (a dot tapped while its chunk downloads) is not lost:
 * it makes the carousel now, enabled or not, and is played once it is there. `options` are read
 * when the carousel is made. If its chunk cannot be fetched (offline on a first visit), the
 * carousel stays at its first slide.
 */
export function useCarousel(options: EmblaOptionsType, enabled: boolean): Carousel {
  const [viewport, setViewport] = useState<HTMLElement | null>(null);
  const [initialOptions] = useState(options);
  const [asked, setAsked] = useState(false);
  const [selected, setSelected] = useState(0);
  const api = useRef<EmblaCarouselType | undefined>(undefined);
  const pending = useRef<Move | null>(null);
  // On a first visit, not before the page has painted (lib/boot/afterFirstPage): its download
  // and start (Embla measures every slide) would compete with the largest paint.
  const pageSettled = useFirstPageSettled();
  const active = (enabled && pageSettled) || asked;

  useEffect(() => {
    if (!active || !viewport) return;
    let carousel: EmblaCarouselType | undefined;
    let cancelled = false;
    import('embla-carousel')
      .then(({ default: EmblaCarousel }) => {
        if (cancelled) return;
        const made = EmblaCarousel(viewport, initialOptions);
        const onSelect = () => setSelected(made.selectedScrollSnap());
        made.on('select', onSelect).on('reInit', onSelect);
        carousel = api.current = made;
        const move = pending.current;
        pending.current = null;
        if (move !== null) apply(made, move);
      })
      .catch(() => {});
    return () => {
      cancelled = true;
      carousel?.destroy();
      api.current = undefined;
      setSelected(0);
    };
  }, [active, viewport, initialOptions]);

  const move = useCallback((to: Move) => {
    if (api.current) return apply(api.current, to);
    pending.current = to;
    setAsked(true);
  }, []);
  const scrollTo = useCallback((index: number) => move(index), [move]);
  const scrollPrev = useCallback(() => move('prev'), [move]);
  const scrollNext = useCallback(() => move('next'), [move]);

  return { ref: setViewport, selected, scrollTo, scrollPrev, scrollNext };
}
