import { AdminOnly } from '../components/AdminOnly';
import { AntennasEditor } from '../components/AntennasEditor';
import { CategoriesEditor } from '../components/CategoriesEditor';
import { LiveFeedsEditor } from '../components/LiveFeedsEditor';
import { PartnerEditor } from '../components/PartnerEditor';
import { ReasonsEditor } from '../components/ReasonsEditor';
import { TitlesEditor } from '../components/TitlesEditor';
import { TransportsEditor } from '../components/TransportsEditor';
import styles from './ReferencesPage.module.css';

/** /admin/referentiels (ADMIN): the lists the forms offer, titles, partner and live links. */
export default function ReferencesPage() {
  return (
    <AdminOnly>
      <div className={styles['references']}>
        <AntennasEditor />
        <ReasonsEditor />
        <CategoriesEditor />
        <TransportsEditor />
        <TitlesEditor />
        <PartnerEditor />
        <LiveFeedsEditor />
      </div>
    </AdminOnly>
  );
}
