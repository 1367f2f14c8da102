import { useRef, useState, type KeyboardEvent } from 'react';
import { tabbable } from 'tabbable';

/**
 * Tab out of an open Radix dropdown menu. Radix swallows Tab while its menu is open
 * (radix-ui/primitives#1934), so a keyboard user was stuck in the bell or the profile menu until
 * Escape. The menu button pattern (WAI-ARIA APG) wants Tab to close the menu and go on from its
 * button: Tab to what follows the button, Shift+Tab to what precedes it.
 *
 * Spread `root` on `DropdownMenu.Root`, `trigger` as the trigger's ref, `content` on
 * `DropdownMenu.Content`.
 */
export function useMenuTabOut() {
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  // Which way the Tab that closed the menu went; 0 when it was closed otherwise.
  const leaving = useRef<-1 | 0 | 1>(0);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Tab') return;
    event.preventDefault();
    leaving.current = event.shiftKey ? -1 : 1;
    setOpen(false);
  };

  // Radix moves the focus back to the trigger once the menu has left the page; a Tab goes one
  // step further in the page's order instead.
  const onCloseAutoFocus = (event: Event) => {
    const step = leaving.current;
    leaving.current = 0;
    const from = trigger.current;
    if (step === 0 || !from) return;
    const order = tabbable(document.body);
    const next = order[order.indexOf(from) + step];
    if (!next) return; // the button is the page's last (or first) stop: the focus stays on it
    event.preventDefault();
    next.focus();
  };

  return {
    root: { open, onOpenChange: setOpen },
    trigger,
    content: { onKeyDown, onCloseAutoFocus },
  };
}
