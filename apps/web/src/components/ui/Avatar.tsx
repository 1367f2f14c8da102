import { useState } from 'react';
import { avatarColour, avatarInitials } from './avatarFallback';
import { UserIcon } from './icons';
import styles from './Avatar.module.css';

/** Where an avatar file name is served (spec section 7). URLs and data URIs pass through. */
export function avatarUrl(picture: string | null | undefined): string | null {
  if (!picture) return null;
  if (/^(https?:|data:image\/|blob:|\/)/.test(picture)) return picture;
  return `/uploads/avatar/${encodeURIComponent(picture)}`;
}

type Props = {
  username: string;
  picture?: string | null;
  size?: number;
  className?: string;
  /** A deleted account: a neutral silhouette, not initials of 'Utilisateur introuvable'. */
  gone?: boolean;
};

/**
 * A round avatar; falls back to the pseudo's initials on a colour drawn from the pseudo when
 * there is no image or it fails (avatarFallback.ts).
 */
export function Avatar({ username, picture, size = 40, className = '', gone = false }: Props) {
  const [failed, setFailed] = useState(false);
  const src = avatarUrl(picture);
  const style = { width: size, height: size, fontSize: Math.round(size * 0.42) };
  if (gone) {
    return (
      <span
        className={`${styles['avatar']} ${styles['avatar--gone']} ${className}`}
        style={style}
        aria-hidden="true"
        data-testid="avatar-gone"
      >
        <UserIcon size={Math.round(size * 0.55)} />
      </span>
    );
  }
  if (!src || failed) {
    const initials = avatarInitials(username);
    return (
      <span
        className={`${styles['avatar']} ${styles['avatar--fallback']} ${className}`}
        style={{
          ...style,
          fontSize: Math.round(size * (initials.length > 1 ? 0.38 : 0.44)),
          backgroundColor: avatarColour(username),
        }}
        aria-hidden="true"
      >
        {initials}
      </span>
    );
  }
  return (
    <img
      className={`${styles['avatar']} ${className}`}
      style={style}
      src={src}
      alt={`Avatar de ${username}`}
      width={size}
      height={size}
      onError={() => setFailed(true)}
    />
  );
}
