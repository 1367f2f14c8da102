import type { ReactNode } from 'react';
import { AlertCircleIcon, CheckCircleIcon } from '../../../components/ui/icons';
import styles from './TokenCard.module.css';
import { cx } from '../../../lib/cx';
import { Button } from '../../../components/ui/Button';

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

/**
 * A link whose check or use failed for a reason that says nothing about the link (offline, the
 * server failing or asking to wait): not « Page introuvable », but a way to try again.
 */
export function TokenRetryCard({ onRetry }: { onRetry: () => void }) {
  return (
    <TokenCard status="error" title="Une erreur est survenue.">
      <p>Erreur réseau ou serveur. Veuillez réessayer.</p>
      <Button variant="primary" onClick={onRetry}>
        Réessayer
      </Button>
    </TokenCard>
  );
}
