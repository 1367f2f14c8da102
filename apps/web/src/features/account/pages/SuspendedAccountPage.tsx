import { useEffect, useSyncExternalStore } from 'react';
import { Link, Navigate } from 'react-router-dom';
import { SANCTION_TEXTS as T, sanctionEndText } from '@munegu/shared';
import { cx } from '../../../lib/cx';
import { getSuspension, markSuspensionSeen, onSuspension } from '../../../lib/suspension';
import styles from './SuspendedAccountPage.module.css';

/**
 * /compte-suspendu: what a member suspended or banned while signed in sees instead of the page
 * they were on (app/layout/SuspendedGate.tsx brings them here): the sanction, its end, the
 * moderator's reason and the way to write to the association. Leaving it forgets the notice
 * (the gate does), a reload keeps it.
 */
export default function SuspendedAccountPage() {
  const notice = useSyncExternalStore(onSuspension, getSuspension, () => null);
  useEffect(() => {
    if (notice) markSuspensionSeen();
  }, [notice]);
  if (!notice) return <Navigate to="/" replace />;
  const banned = notice.until === null;
  return (
    <section
      className={cx('page', 'page--narrow', styles['suspended'])}
      aria-labelledby="suspended-title"
    >
      <div className={cx('card', styles['suspended__card'])}>
        <h1 id="suspended-title" className={styles['suspended__title']}>
          {banned ? T.bannedTitle : T.suspendedTitle}
        </h1>
        {notice.until && (
          <p className={styles['suspended__until']}>
            {T.until(sanctionEndText(new Date(notice.until)))}
          </p>
        )}
        {notice.reason && (
          <div className={styles['suspended__reason']}>
            <p className={styles['suspended__label']}>{T.reason}</p>
            <p className={styles['suspended__text']}>{notice.reason}</p>
          </div>
        )}
        <p>{banned ? T.bannedBody : T.suspendedBody}</p>
        <p className={styles['suspended__hint']}>{T.contactHint}</p>
        <div className={styles['suspended__actions']}>
          <Link to="/contact" className="btn btn--primary">
            {T.contact}
          </Link>
          <Link to="/" className="btn btn--light">
            {T.home}
          </Link>
        </div>
      </div>
    </section>
  );
}
