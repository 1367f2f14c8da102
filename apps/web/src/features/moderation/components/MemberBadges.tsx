import { roleName } from '@munegu/shared';
import { formatDate } from '../../../lib/dates';
import type { ModeratedMember } from '../api';
import { SuspensionBadge } from './SuspensionBadge';
import styles from './MemberBadges.module.css';

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
