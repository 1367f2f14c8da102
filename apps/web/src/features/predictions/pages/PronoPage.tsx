import { Tabs } from '../../../components/ui/Tabs';
import { useAuth } from '../../../lib/auth';
import { PastMatchPanel } from '../components/PastMatchPanel';
import { GeneralRanking } from '../components/GeneralRanking';
import { JourneeRanking } from '../components/JourneeRanking';
import { MiniLeaguesPanel } from '../components/MiniLeaguesPanel';
import styles from './PronoPage.module.css';
import { cx } from '../../../lib/cx';

/** /jeu_prono: past matches and their statistics, the rankings and the mini-leagues. */
export default function PronoPage() {
  const { user } = useAuth();
  return (
    <div className={cx('page', styles['prono'])}>
      <h1 className="page__title">Jeu du prono</h1>
      <div className={styles['prono__left']}>
        <PastMatchPanel />
        <MiniLeaguesPanel />
      </div>
      <section className="prono__ranking" aria-label="Classement des pronostiqueurs">
        <Tabs
          label="Type de classement"
          listClassName={styles['prono__tabs']}
          triggerClassName="chip"
          panelClassName="prono__tab-panel"
          tabs={[
            { value: 'general', label: 'Général', panel: <GeneralRanking meId={user?.id} /> },
            { value: 'journee', label: 'Par journée', panel: <JourneeRanking meId={user?.id} /> },
          ]}
        />
      </section>
    </div>
  );
}
