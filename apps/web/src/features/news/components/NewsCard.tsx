import { formatDate } from '../../../lib/dates';
import { excerpt, type NewsItem } from '../api';
import styles from './NewsCard.module.css';
import { keepPunctuationAttached } from '../../../lib/typography';

type Props = {
  item: NewsItem;
  excerptMax: number;
  onOpen: (item: NewsItem) => void;
  /**
   * One of the cards a phone shows first: their images are /actualites' largest paint, loaded
   * eagerly at high priority (lazily, they waited for layout before their download started).
   */
  eager?: boolean;
};

/** A news tile; the whole card is one button that opens the news popup. */
export function NewsCard({ item, excerptMax, onOpen, eager = false }: Props) {
  const date = item.formattedDate ?? (item.date ? formatDate(item.date) : '');
  return (
    <article className={styles['news-card']}>
      <button type="button" className={styles['news-card__button']} onClick={() => onOpen(item)}>
        <div className={styles['news-card__media']}>
          {item.image ? (
            <img
              src={item.image}
              alt=""
              loading={eager ? 'eager' : 'lazy'}
              fetchPriority={eager ? 'high' : 'auto'}
              style={{ objectPosition: `50% ${item.imageObjectPosY ?? 10}%` }}
            />
          ) : (
            <span className={styles['news-card__placeholder']} aria-hidden="true" />
          )}
          {item.categorie && (
            <span className={styles['news-card__category']}>{item.categorie.libelle}</span>
          )}
        </div>
        <div className={styles['news-card__body']}>
          <h3 className={styles['news-card__title']}>{keepPunctuationAttached(item.titre)}</h3>
          <p className={styles['news-card__excerpt']}>{excerpt(item.contenu ?? '', excerptMax)}</p>
          {date && <p className={styles['news-card__date']}>{date}</p>}
        </div>
      </button>
    </article>
  );
}
