import styles from './Pager.module.css';
import { Button } from '../../../components/ui/Button';

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
      <Button variant="light" small disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Précédent
      </Button>
      <span>
        Page {page} / {pages}
      </span>
      <Button variant="light" small disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Suivant
      </Button>
    </nav>
  );
}
