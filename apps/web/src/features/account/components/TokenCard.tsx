import type { ReactNode } from 'react';
import { AlertCircleIcon, CheckCircleIcon } from '../../../components/ui/icons';
import styles from './TokenCard.module.css';
import { cx } from '../../../lib/cx';

/** The centred card of the emailed-link pages. */
export function TokenCard({
  status,
  title,
  children,
}: {
  status: 'success' | 'error' | 'neutral';
  title: string;
  children?: ReactNode;
}) {
  return (
    <section className={cx('page', 'page--narrow', styles['token-page'])}>
      <div className={cx('card', styles['token-card'])}>
        {status !== 'neutral' && (
          <div className={styles[`token-card__icon--${status}`]}>
            {status === 'success' ? <CheckCircleIcon size={56} /> : <AlertCircleIcon size={56} />}
          </div>
        )}
        <h1 className={styles['token-card__title']}>{title}</h1>
        {children}
      </div>
    </section>
  );
}

/** The row of buttons under a token card's text. */
export function TokenCardActions({ children }: { children: ReactNode }) {
  return <div className={styles['token-card__actions']}>{children}</div>;
}
