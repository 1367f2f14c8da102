import type { ReactNode } from 'react';
import { AlertCircleIcon, CheckCircleIcon } from '../../../components/ui/icons';
import './TokenCard.css';

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
    <section className="page page--narrow token-page">
      <div className="card token-card">
        {status !== 'neutral' && (
          <div className={`token-card__icon token-card__icon--${status}`}>
            {status === 'success' ? <CheckCircleIcon size={56} /> : <AlertCircleIcon size={56} />}
          </div>
        )}
        <h1 className="token-card__title">{title}</h1>
        {children}
      </div>
    </section>
  );
}
