import styles from './Pager.module.css';

/** 'Précédent' / 'Suivant' for a paged list; nothing when everything fits on one page. */
export function Pager({
  page,
  pageSize,
  total,
  onPage,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages === 1) return null;
  return (
    <nav className={styles['pager']} aria-label="Pagination">
      <button
        type="button"
        className="btn btn--light btn--small"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        Précédent
      </button>
      <span>
        Page {page} / {pages}
      </span>
      <button
        type="button"
        className="btn btn--light btn--small"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        Suivant
      </button>
    </nav>
  );
}
