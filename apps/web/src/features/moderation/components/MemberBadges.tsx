import { formatDate } from '../../../lib/dates';
import type { ModeratedMember } from '../api';
import { SuspensionBadge } from './SuspensionBadge';
import styles from './MemberBadges.module.css';

const ROLE_NAMES: Record<string, string> = {
  REDACTEUR: 'Rédacteur',
  MODERATEUR: 'Modérateur',
  ADMIN: 'Administrateur',
};

/** A role as a moderator reads it; a plain member has no badge. */
export const roleName = (role: string) => ROLE_NAMES[role] ?? 'Membre';

/**
 * What is in force on a member, beside their name: staff role, 'Banni' or 'Suspendu
 * jusqu’au …', 'Réduit au silence jusqu’au …'. Nothing for an active plain member.
 */
export function MemberBadges({ member }: { member: ModeratedMember }) {
  return (
    <>
      {member.role !== 'UTILISATEUR' && (
        <span className={styles['role']}>{roleName(member.role)}</span>
      )}
      <SuspensionBadge status={member.status} until={member.suspendedUntil} />
      {member.silencedUntil && (
        <span className={styles['silence']}>
          Réduit au silence jusqu’au {formatDate(member.silencedUntil)}
        </span>
      )}
      {member.status === 'PENDING' && <span className={styles['role']}>Non confirmé</span>}
      {member.status === 'DELETED' && <span className={styles['role']}>Compte supprimé</span>}
    </>
  );
}
