import { useEffect, useRef } from 'react';

/**
 * A handled report loses the buttons that opened its dialog: its card leaves the queue, or
 * stays on a member's file without them. The focus then goes to the section's title, which
 * says the new count, instead of falling to the top of the page, where a keyboard moderator
 * would start again from the navbar for every report. Either the refreshed data arrives
 * before the dialog closes (give `title` to the dialog's `fallbackFocus`) or after (the
 * effect below, once the buttons are gone): call `handled()` when the action succeeded.
 */
export function useFocusAfterHandling<T extends HTMLElement>(data: unknown) {
  const title = useRef<T>(null);
  const refocus = useRef(false);
  useEffect(() => {
    if (!refocus.current) return;
    refocus.current = false;
    const active = document.activeElement;
    if (!active || active === document.body) title.current?.focus();
  }, [data]);
  return {
    title,
    handled: () => {
      refocus.current = true;
    },
  };
}
