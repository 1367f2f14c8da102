import { SITE } from '../../config/site';
import { useSiteInfo } from '../../lib/site';
import { FacebookIcon, InstagramIcon, XLogoIcon } from './icons';
import styles from './SocialLinks.module.css';

const NETWORKS = [
  { key: 'x', label: 'X (Twitter)', Icon: XLogoIcon },
  { key: 'instagram', label: 'Instagram', Icon: InstagramIcon },
  { key: 'facebook', label: 'Facebook', Icon: FacebookIcon },
] as const;

/**
 * The association's social accounts the operator has set (GET /site); none: nothing. While
 * `ask` is false, only those already read (by the page, or earlier).
 */
export function useSocialLinks(ask = true) {
  const { data } = useSiteInfo(ask);
  return NETWORKS.flatMap((n) => {
    const href = data?.social[n.key];
    return href ? [{ ...n, href }] : [];
  });
}

/** The association's social networks, each once the operator has set it. */
export function SocialLinks({ className = '', ask = true }: { className?: string; ask?: boolean }) {
  const links = useSocialLinks(ask);
  if (links.length === 0) return null;
  return (
    <ul className={`${styles['social-links']} ${className}`} aria-label="Réseaux sociaux">
      {links.map(({ label, href, Icon }) => (
        <li key={label}>
          <a
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`${SITE.productName} sur ${label}`}
          >
            <Icon size={20} />
          </a>
        </li>
      ))}
    </ul>
  );
}
