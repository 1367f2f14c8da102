import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import type { ReactNode } from 'react';
import { cx } from '../../lib/cx';
import { useMenuTabOut } from './useMenuTabOut';
import styles from './menu.module.css';

type Props = {
  /** The navbar button's accessible name (with its count, when it shows one). */
  label: string;
  buttonClassName: string;
  /** What the button shows: an icon or an avatar, and its count badge. */
  button: ReactNode;
  /** The menu's heading, its first line. */
  title: ReactNode;
  /** Room for a list of notifications rather than a few links. */
  wide?: boolean;
  children: ReactNode;
};

/**
 * A menu that opens from a navbar button (the bell, the profile), aligned to its right edge.
 * Not modal: a click on the navbar's other button opens that one at once, and the page keeps
 * its scroll bar while a menu is open. Tab leaves it as the menu button pattern asks
 * (useMenuTabOut).
 */
export function NavbarMenu({ label, buttonClassName, button, title, wide, children }: Props) {
  const menu = useMenuTabOut();
  return (
    <DropdownMenu.Root modal={false} {...menu.root}>
      <DropdownMenu.Trigger ref={menu.trigger} className={buttonClassName} aria-label={label}>
        {button}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          className={cx(styles['menu'], wide && styles['menu--wide'])}
          align="end"
          sideOffset={8}
          {...menu.content}
        >
          <DropdownMenu.Label className={styles['menu__label']}>{title}</DropdownMenu.Label>
          {children}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

/** One entry of a NavbarMenu; `danger` for the one that signs out. */
export function NavbarMenuItem({
  onSelect,
  danger,
  children,
}: {
  onSelect: () => void;
  danger?: boolean;
  children: ReactNode;
}) {
  return (
    <DropdownMenu.Item
      className={cx(styles['menu__item'], danger && styles['menu__item--danger'])}
      onSelect={onSelect}
    >
      {children}
    </DropdownMenu.Item>
  );
}

/** A line between a NavbarMenu's entries (before the one that signs out). */
export function NavbarMenuSeparator() {
  return <DropdownMenu.Separator className={styles['menu__separator']} />;
}
