import { Link } from 'react-router-dom';
import { formatDate } from '../../../lib/dates';
import type { NewsItem } from '../api';
import { Dialog, DialogDescription, DialogTitle } from '../../../components/ui/Dialog';
import styles from './NewsPopup.module.css';
import { keepPunctuationAttached } from '../../../lib/typography';

/** Image, title, description, optional link, editor profile link and date (spec section 2). */
export function NewsPopup({ item, onClose }: { item: NewsItem | null; onClose: () => void }) {
  const date = item ? (item.formattedDate ?? (item.date ? formatDate(item.date) : '')) : '';
  return (
    <Dialog
      open={item !== null}
      onClose={onClose}
      wide
      className={`news-popup ${styles['news-popup']}`}
      closeButton
      describedByContent
    >
      {item && (
        <>
          {item.image && <img className={styles['news-popup__image']} src={item.image} alt="" />}
          {item.categorie && (
            <p className={styles['news-popup__category']}>{item.categorie.libelle}</p>
          )}
          <DialogTitle>{keepPunctuationAttached(item.titre)}</DialogTitle>
          <DialogDescription className={styles['news-popup__text']}>
            {item.contenu}
          </DialogDescription>
          {item.lien && (
            <p>
              <a href={item.lien} target="_blank" rel="noopener noreferrer">
                Voir la publication d’origine
              </a>
            </p>
          )}
          <p className={styles['news-popup__meta']}>
            {item.redacteur && (
              <>
                Par{' '}
                <Link to={`/profil/${encodeURIComponent(item.redacteur.username)}`}>
                  {item.redacteur.username}
                </Link>
              </>
            )}
            {date && <> · {date}</>}
          </p>
        </>
      )}
    </Dialog>
  );
}
