import { useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { Avatar } from '../../../components/ui/Avatar';
import { errorMessage } from '../../../lib/api';
import { useSuspended, type SuspendedMember } from '../api';
import { memberPagePath } from './ReportCard';
import { liftLabel, SanctionDialog, type Lifting } from './SanctionDialog';
import { SilenceBadge, SuspensionBadge } from './SuspensionBadge';
import shared from '../moderation.module.css';
import styles from './SuspendedList.module.css';
import { Button } from '../../../components/ui/Button';

/** What lifting ends for this member: a ban, a suspension, a silence, or several. */
export function liftingOf(
  m: Pick<SuspendedMember, 'suspended' | 'suspendedUntil' | 'silencedUntil'>,
): Lifting {
  if (m.suspended && m.silencedUntil) return 'several';
  if (m.suspended) return m.suspendedUntil ? 'suspension' : 'ban';
  return 'silence';
}

/**
 * Members under a sanction in force (bans first, then suspensions, then silences), each named
 * by a link to their file and with the button that lifts it: 'Lever le bannissement' for a ban,
 * not 'Lever la suspension'. A sanction a higher rank imposed offers no button: the server
 * would refuse it.
 */
export function SuspendedList() {
  const suspended = useSuspended();
  const [target, setTarget] = useState<SuspendedMember | null>(null);
  // A lifted member's row goes with its button: the focus goes to the list, not the page's top.
  const list = useRef<HTMLUListElement>(null);

  if (suspended.isPending) return <p className="empty-state">Chargement…</p>;
  if (suspended.isError)
    return (
      <p className="error-text" role="alert">
        {errorMessage(suspended.error, 'Impossible de charger les membres sanctionnés.')}
      </p>
    );
  if (suspended.data.length === 0)
    return <p className="empty-state">Aucun membre suspendu, banni ou réduit au silence.</p>;
  return (
    <>
      <ul className={shared['stack']} ref={list} tabIndex={-1} aria-label="Membres sanctionnés">
        {suspended.data.map((m) => (
          <li key={m.id} className={`card ${styles['suspended__row']}`}>
            <Avatar username={m.pseudo} picture={m.avatar} size={32} />
            <span className={styles['suspended__name']}>
              <Link to={memberPagePath(m.id)}>{m.pseudo}</Link>{' '}
              {m.suspended && <SuspensionBadge status="SUSPENDED" until={m.suspendedUntil} />}{' '}
              {m.silencedUntil && <SilenceBadge until={m.silencedUntil} />}
            </span>
            {m.canLift ? (
              <Button variant="light" small onClick={() => setTarget(m)}>
                {liftLabel(liftingOf(m))}
              </Button>
            ) : (
              <span className={styles['suspended__held']}>Levée réservée à un rang supérieur</span>
            )}
          </li>
        ))}
      </ul>
      <SanctionDialog
        kind={target ? 'lift' : null}
        lifting={target ? liftingOf(target) : undefined}
        pseudo={target?.pseudo ?? ''}
        userId={target?.id ?? 0}
        fallbackFocus={list}
        onClose={() => setTarget(null)}
      />
    </>
  );
}
