import * as Tabs from '@radix-ui/react-tabs';
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
        <Tabs.Root defaultValue="general">
          <Tabs.List className={styles['prono__tabs']} aria-label="Type de classement">
            <Tabs.Trigger className="chip" value="general">
              Général
            </Tabs.Trigger>
            <Tabs.Trigger className="chip" value="journee">
              Par journée
            </Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="general" className="prono__tab-panel">
            <GeneralRanking meId={user?.id} />
          </Tabs.Content>
          <Tabs.Content value="journee" className="prono__tab-panel">
            <JourneeRanking meId={user?.id} />
          </Tabs.Content>
        </Tabs.Root>
      </section>
    </div>
  );
}
