import { lazy, Suspense, useState } from 'react';
import { hasRole, mayManageNews, TEXTS } from '@munegu/shared';
import { useAuth } from '../../../lib/auth';
import { useMediaQuery } from '../../../lib/hooks';
import { LoadingOverlay } from '../../../components/ui/LoadingOverlay';
import {
  EAGER_IMAGES,
  excerptLength,
  useContests,
  useNews,
  useNewsCategories,
  type NewsItem,
} from '../api';
import { NewsCard } from '../components/NewsCard';
import { ContestGrid } from '../components/ContestGrid';
import { Deferred } from '../../../lib/boot/Deferred';
import styles from './NewsPage.module.css';

// Editors' tools (forms, dialogs, zod, mutations) are fetched only when an editor is signed in,
// and the reading popup on first open: a visitor's first load carries the list alone.
const AddNewsButton = lazy(() =>
  import('../components/NewsEditor').then((m) => ({ default: m.AddNewsButton })),
);
const NewsItemActions = lazy(() =>
  import('../components/NewsEditor').then((m) => ({ default: m.NewsItemActions })),
);
const NewsPopup = lazy(() =>
  import('../components/NewsPopup').then((m) => ({ default: m.NewsPopup })),
);
const AddContestButton = lazy(() =>
  import('../components/ContestEditor').then((m) => ({ default: m.AddContestButton })),
);

/** null = TOUT */
type Filter = number | null;

export default function NewsPage() {
  const news = useNews();
  const contests = useContests();
  const categories = useNewsCategories();
  const [filter, setFilter] = useState<Filter>(null);
  const [opened, setOpened] = useState<NewsItem | null>(null);
  const { user } = useAuth();
  const editor = hasRole(user?.role?.libelle, 'REDACTEUR');
  // Éditer / Supprimer only where the server will accept it: one's own items for a REDACTEUR,
  // every item for MODERATEUR and above.
  const caller = user ? { id: user.id, role: user.role?.libelle } : null;
  const mayManage = (item: NewsItem) => mayManageNews(caller, item.redacteur?.id);
  const running = contests.data ?? [];
  const medium = useMediaQuery('(max-width: 999px)');
  const small = useMediaQuery('(max-width: 749px)');
  const excerptMax = excerptLength(small ? 700 : medium ? 900 : 1200);

  const items = (news.data ?? []).filter(
    (item) => filter === null || item.categorie?.id === filter,
  );
  const filters: { id: Filter; label: string }[] = [
    { id: null, label: 'TOUT' },
    ...(categories.data ?? []).map((c) => ({ id: c.id, label: c.libelle.toUpperCase() })),
  ];

  return (
    <section className="page news-page" aria-labelledby="news-title">
      <div className={styles['news-page__head']}>
        <h1 id="news-title" className="page__title">
          ACTUALITÉS
        </h1>
        {editor && (
          <div className={styles['news-page__tools']}>
            <Suspense fallback={null}>
              <AddContestButton />
              <AddNewsButton />
            </Suspense>
          </div>
        )}
      </div>
      <div className={styles['news-page__filters']} role="group" aria-label="Filtrer par catégorie">
        {filters.map((f) => (
          <button
            key={f.id ?? 'all'}
            type="button"
            className={`chip${filter === f.id ? ' is-active' : ''}`}
            aria-pressed={filter === f.id}
            onClick={() => setFilter(f.id)}
          >
            {f.label}
          </button>
        ))}
      </div>
      {/* While the list (or the contests below it) loads the area spans the viewport, so the
          footer is not painted above the fold and then pushed down by the cards (it was most
          of this page's layout shift). */}
      <div
        className={`${styles['news-page__content']}${news.isPending || contests.isPending ? ` ${styles['news-page__content--pending']}` : ''}`}
      >
        {news.isPending ? (
          <LoadingOverlay label="Chargement des actualités…" />
        ) : news.isError && !news.data ? (
          // Not 'no news': the list could not be read.
          <p className="empty-state error-text card">{TEXTS.generic.error}</p>
        ) : items.length === 0 ? (
          <p className="empty-state card">{TEXTS.news.emptyCategory}</p>
        ) : (
          <div className={styles['news-grid']}>
            {/* The cards' titles are h3, like on the home page: the outline needs its h2. */}
            <h2 className="visually-hidden">Articles</h2>
            {items.map((item, index) => (
              <div key={item.id} className={styles['news-grid__item']}>
                <NewsCard
                  item={item}
                  excerptMax={excerptMax}
                  onOpen={setOpened}
                  eager={index < EAGER_IMAGES}
                />
                {mayManage(item) && (
                  <Suspense fallback={null}>
                    <NewsItemActions item={item} />
                  </Suspense>
                )}
              </div>
            ))}
          </div>
        )}
      </div>
      {running.length > 0 && (
        <section className={styles['news-page__contests']} aria-labelledby="contests-title">
          <h2 id="contests-title" className={styles['news-page__section-title']}>
            Concours en cours
          </h2>
          <ContestGrid contests={running} editor={editor} className={styles['contest-grid']} />
        </section>
      )}
      <Deferred when={opened !== null}>
        <NewsPopup item={opened} onClose={() => setOpened(null)} />
      </Deferred>
    </section>
  );
}
