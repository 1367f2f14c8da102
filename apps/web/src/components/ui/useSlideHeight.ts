import { useCallback, useEffect, useRef } from 'react';

/**
 * A carousel's viewport takes the height of the slide shown, not of the tallest one (a match
 * with coach cards, or the news beside a single contest, would leave the others with an empty
 * band), and follows that slide when its content grows later (coach cards arrive after the
 * page). Embla watches widths only, hence the observer here. The slides' container needs
 * `align-items: flex-start` so that each slide keeps its own height.
 *
 * Returns the ref to give the viewport, in place of the carousel's own (it passes it on).
 */
export function useSlideHeight(
  carouselRef: (viewport: HTMLElement | null) => void,
  selected: number,
  slides: number,
): (viewport: HTMLDivElement | null) => void {
  const viewport = useRef<HTMLDivElement | null>(null);
  const ref = useCallback(
    (element: HTMLDivElement | null) => {
      viewport.current = element;
      carouselRef(element);
    },
    [carouselRef],
  );
  useEffect(() => {
    const element = viewport.current;
    const slide = element?.firstElementChild?.children[selected];
    if (!element || !(slide instanceof HTMLElement)) return;
    if (slides < 2) {
      element.style.height = '';
      return;
    }
    const fit = () => {
      element.style.height = `${slide.offsetHeight}px`;
    };
    const observer = new ResizeObserver(fit);
    observer.observe(slide);
    return () => observer.disconnect();
  }, [selected, slides]);
  return ref;
}
