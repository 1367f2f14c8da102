/**
 * Starts downloading an image a page is about to show, so its <img> finds it in the memory
 * cache: a route's loader calls it once the answer naming the image is here, instead of the
 * download waiting for the page to render. Nothing for an empty source.
 */
export function preloadImage(src: string | null | undefined, priority: 'high' | 'auto'): void {
  if (!src) return;
  const image = new Image();
  image.fetchPriority = priority;
  image.src = src;
}
