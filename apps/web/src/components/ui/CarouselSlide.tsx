import type { ReactNode } from 'react';

type Props = {
  className: string | undefined;
  /** What a screen reader announces for the slide ('Actualités', '2 sur 5'). */
  label: string;
  /** The slide on screen. */
  shown: boolean;
  children: ReactNode;
};

/**
 * One slide of a carousel (useCarousel), as the WAI-ARIA carousel pattern names it. A slide off
 * screen is inert: out of the Tab order and of what a screen reader reads, so a keyboard does
 * not walk through every hidden slide before reaching the carousel's own controls, which move
 * to it instead.
 */
export function CarouselSlide({ className, label, shown, children }: Props) {
  return (
    <div
      className={className}
      role="group"
      aria-roledescription="diapositive"
      aria-label={label}
      inert={!shown}
    >
      {children}
    </div>
  );
}
