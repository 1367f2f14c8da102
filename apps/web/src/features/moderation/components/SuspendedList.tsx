import { useState } from 'react';
import { Avatar } from '../../../components/ui/Avatar';
import { errorMessage } from '../../../lib/api';
import { useSuspended, type SuspendedMember } from '../api';
import { useMemberAction } from '../mutations';
import { SanctionDialog } from './SanctionDialog';
import { SuspensionBadge } from './SuspensionBadge';
import styles from './SuspendedList.module.css';
import { Button } from '../../../components/ui/Button';

/** Suspended and banned members, bans first, each with 'Lever la suspension'. */
export function SuspendedList() {
  const suspended = useSuspended();
  const lift = useMemberAction();
  const [target, setTarget] = useState<SuspendedMember | null>(null);

  if (suspended.isPending) return <p className="empty-state">Chargement…</p>;
  if (suspended.isError)
    return (
      <p className="error-text" role="alert">
        {errorMessage(suspended.error, 'Impossible de charger les membres suspendus.')}
      </p>
    );
  if (suspended.data.length === 0)
    return <p className="empty-state">Aucun membre suspendu ou banni.</p>;
  return (
    <>
      <ul className={styles['suspended']}>
        {suspended.data.map((m) => (
          <li key={m.id} className={`card ${styles['suspended__row']}`}>
            <Avatar username={m.pseudo} picture={m.avatar} size={32} />
            <span className={styles['suspended__name']}>
              {m.pseudo} <SuspensionBadge status="SUSPENDED" until={m.suspendedUntil} />
            </span>
            <Button variant="light" small onClick={() => setTarget(m)}>
              Lever la suspension
            </Button>
          </li>
        ))}
      </ul>
      <SanctionDialog
        kind={target ? 'lift' : null}
        pseudo={target?.pseudo ?? ''}
        onClose={() => setTarget(null)}
        onSubmit={(input) => lift.mutateAsync({ action: 'lift', id: target!.id, ...input })}
      />
    </>
  );
}
