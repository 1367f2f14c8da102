import { formatDate } from '../../../lib/dates';
import { excerpt, type NewsItem } from '../api';

type Props = { item: NewsItem; excerptMax: number; onOpen: (item: NewsItem) => void };

/** A news tile; the whole card is one button that opens the news popup. */
export function NewsCard({ item, excerptMax, onOpen }: Props) {
  const date = item.formattedDate ?? (item.date ? formatDate(item.date) : '');
  return (
    <article className="news-card">
      <button type="button" className="news-card__button" onClick={() => onOpen(item)}>
        <div className="news-card__media">
          {item.image ? (
            <img
              src={item.image}
              alt=""
              loading="lazy"
              style={{ objectPosition: `50% ${item.imageObjectPosY ?? 10}%` }}
            />
          ) : (
            <span className="news-card__placeholder" aria-hidden="true" />
          )}
          {item.categorie && <span className="news-card__category">{item.categorie.libelle}</span>}
        </div>
        <div className="news-card__body">
          <h3 className="news-card__title">{item.titre}</h3>
          <p className="news-card__excerpt">{excerpt(item.contenu ?? '', excerptMax)}</p>
          {date && <p className="news-card__date">{date}</p>}
        </div>
      </button>
    </article>
  );
}
