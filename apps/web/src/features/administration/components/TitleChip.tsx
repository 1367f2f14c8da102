import type { ReactNode } from 'react';
import styles from './TitleChip.module.css';

/** A title in its colour (the colour is validated '#RRGGBB' by the server). */
export function TitleChip({
  title,
  children,
}: {
  title: { libelle: string; couleur: string };
  children?: ReactNode;
}) {
  return (
    <span className={styles['chip']} style={{ color: title.couleur }}>
      {title.libelle}
      {children}
    </span>
  );
}
