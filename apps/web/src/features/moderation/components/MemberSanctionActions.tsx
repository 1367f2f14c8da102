import { useState } from 'react';
import { Button } from '../../../components/ui/Button';
import type { ModerationMember } from '../api';
import { useMemberAction, type MemberAction } from '../mutations';
import { SanctionDialog } from './SanctionDialog';
import styles from './MemberSanctionActions.module.css';

/** What 'Lever …' ends: the ban, the suspension, the silence, or all that is in force. */
export function liftLabel(member: ModerationMember['member']): string | null {
  const suspended = member.status === 'SUSPENDED';
  const silenced = member.silencedUntil !== null;
  if (suspended && silenced) return 'Lever les sanctions';
  if (suspended) return member.suspendedUntil ? 'Lever la suspension' : 'Lever le bannissement';
  if (silenced) return 'Lever le silence';
  return null;
}

/**
 * The sanctions a moderator gives a member without a report: warn, silence, suspend, ban, and
 * lift what is in force. Only what makes sense now is offered (a banned member is only
 * un-banned); the API checks the ranks again.
 */
export function MemberSanctionActions({ data }: { data: ModerationMember }) {
  const { member, canSanction } = data;
  const act = useMemberAction();
  const [kind, setKind] = useState<MemberAction | null>(null);

  if (!canSanction)
    return (
      <p className={styles['note']}>
        Tu ne peux pas sanctionner ce membre : seul un rang supérieur au sien le peut.
      </p>
    );
  if (member.status === 'DELETED' || member.status === 'PENDING')
    return <p className={styles['note']}>Ce compte ne peut pas être sanctionné.</p>;

  const banned = member.status === 'SUSPENDED' && member.suspendedUntil === null;
  const suspended = member.status === 'SUSPENDED' && !banned;
  const lift = liftLabel(member);
  return (
    <>
      <div className={styles['actions']} role="group" aria-label="Sanctions">
        {/* TODO(h29-sanctions): Avertir and Réduire au silence, once their endpoints land. */}
        {!banned && !suspended && (
          <Button variant="primary" onClick={() => setKind('suspend')}>
            Suspendre
          </Button>
        )}
        {!banned && (
          <Button variant="danger" onClick={() => setKind('ban')}>
            Bannir
          </Button>
        )}
        {lift && (
          <Button variant="outline" onClick={() => setKind('lift')}>
            {lift}
          </Button>
        )}
      </div>
      <SanctionDialog
        kind={kind}
        pseudo={member.pseudo}
        onClose={() => setKind(null)}
        onSubmit={(input) => act.mutateAsync({ action: kind!, id: member.id, ...input })}
      />
    </>
  );
}
