import * as Dialog from '@radix-ui/react-dialog';
import { Link } from 'react-router-dom';
import { CloseIcon } from '../../../components/ui/icons';
import { formatDate } from '../../../lib/dates';
import type { NewsItem } from '../api';
import '../../../components/ui/Dialog.css';

/** Image, title, description, optional link, editor profile link and date (spec section 2). */
export function NewsPopup({ item, onClose }: { item: NewsItem | null; onClose: () => void }) {
  const date = item ? (item.formattedDate ?? (item.date ? formatDate(item.date) : '')) : '';
  return (
    <Dialog.Root open={item !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog__overlay" />
        <Dialog.Content className="dialog__content dialog__content--wide news-popup">
          {item && (
            <>
              <Dialog.Close className="icon-btn dialog__close" aria-label="Fermer">
                <CloseIcon />
              </Dialog.Close>
              {item.image && <img className="news-popup__image" src={item.image} alt="" />}
              {item.categorie && <p className="news-popup__category">{item.categorie.libelle}</p>}
              <Dialog.Title className="dialog__title">{item.titre}</Dialog.Title>
              <Dialog.Description className="news-popup__text">{item.contenu}</Dialog.Description>
              {item.lien && (
                <p>
                  <a href={item.lien} target="_blank" rel="noopener noreferrer">
                    Voir la publication d’origine
                  </a>
                </p>
              )}
              <p className="news-popup__meta">
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
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
