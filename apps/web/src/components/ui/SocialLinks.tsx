import { SITE } from '../../config/site';
import { FacebookIcon, InstagramIcon, XLogoIcon } from './icons';
import styles from './SocialLinks.module.css';

const NETWORKS = [
  { label: 'X (Twitter)', href: SITE.social.x, Icon: XLogoIcon },
  { label: 'Instagram', href: SITE.social.instagram, Icon: InstagramIcon },
  { label: 'Facebook', href: SITE.social.facebook, Icon: FacebookIcon },
] as const;

/** The association's three social networks. */
export function SocialLinks({ className = '' }: { className?: string }) {
  return (
    <ul className={`${styles['social-links']} ${className}`} aria-label="Réseaux sociaux">
      {NETWORKS.map(({ label, href, Icon }) => (
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
