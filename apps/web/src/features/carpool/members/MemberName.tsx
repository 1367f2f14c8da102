import { Link } from 'react-router-dom';
import { Avatar } from '../../../components/ui/Avatar';
import { isDeletedUsername } from '../../profiles';
import styles from './members.module.css';

type Props = { username: string; picture?: string | null; me: boolean; extra?: string };

/**
 * A carpool member: a link to their profile, in bold for the member looking; a deleted account
 * (pseudo renamed with 'Supprime') is only 'Utilisateur introuvable' (spec section 2).
 */
export function MemberName({ username, picture, me, extra }: Props) {
  if (isDeletedUsername(username)) {
    return (
      <span className={styles['member']}>
        <Avatar username="?" size={32} gone />
        <span className={styles['member__missing']}>Utilisateur introuvable</span>
      </span>
    );
  }
  const name = (
    <Link to={`/profil/${encodeURIComponent(username)}`} className={styles['member__link']}>
      {username}
    </Link>
  );
  return (
    <span className={styles['member']}>
      <Avatar username={username} picture={picture} size={32} />
      {me ? <strong>{name}</strong> : name}
      {me && <span className="visually-hidden"> (toi)</span>}
      {extra && <span className={styles['member__extra']}>{extra}</span>}
    </span>
  );
}
