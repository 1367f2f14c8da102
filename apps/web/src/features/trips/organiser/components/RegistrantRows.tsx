import type { RegistrantPatch } from '@munegu/shared';
import { fullName, type Row } from './boarding';
import { Toggle } from './Toggle';
import styles from './organiser.module.css';

type Props = { rows: Row[]; onTick: (userId: number, patch: RegistrantPatch) => void };

/** The boarding list: confirmed registrations, then the waiting list in its order. */
export function RegistrantRows({ rows, onTick }: Props) {
  const confirmed = rows.filter((r) => r.statut === 'CONFIRME');
  const waiting = rows.filter((r) => r.statut === 'ATTENTE');
  return (
    <>
      <section aria-labelledby="boarding-confirmed">
        <h2 id="boarding-confirmed" className={styles['group__title']}>
          Confirmés ({confirmed.length})
        </h2>
        <Rows rows={confirmed} onTick={onTick} empty="Aucune inscription confirmée." />
      </section>
      <section aria-labelledby="boarding-waiting">
        <h2 id="boarding-waiting" className={styles['group__title']}>
          Liste d’attente ({waiting.length})
        </h2>
        <Rows rows={waiting} onTick={onTick} empty="Personne en attente." />
      </section>
    </>
  );
}

function Rows({ rows, onTick, empty }: Props & { empty: string }) {
  if (rows.length === 0) return <p className="empty-state">{empty}</p>;
  return (
    <ul className={styles['registrants']}>
      {rows.map((r) => (
        <li key={r.user_id} className={styles['registrant']} aria-label={r.username}>
          <div className={styles['registrant__who']}>
            <strong>
              {r.position_attente !== null && `${r.position_attente}. `}
              {fullName(r)}
            </strong>
            <span className={styles['muted']}>
              {r.username} · {r.nb_places} place{r.nb_places > 1 ? 's' : ''}
              {r.telephone && (
                <>
                  {' · '}
                  <a href={`tel:${r.telephone.replace(/[^+\d]/g, '')}`}>{r.telephone}</a>
                </>
              )}
            </span>
            {r.pending && <Pending />}
          </div>
          <div className={styles['registrant__toggles']}>
            <Toggle
              label="Payé"
              who={r.username}
              on={r.paye}
              onChange={(paye) => onTick(r.user_id, { paye })}
            />
            {/* Boarding is for confirmed seats (check-in counts those only): someone waiting
                boards once moved up, when seats are raised or freed. */}
            {r.statut === 'CONFIRME' && (
              <Toggle
                label="Présent"
                who={r.username}
                on={r.present}
                onChange={(present) => onTick(r.user_id, { present })}
              />
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}

export function Pending() {
  return <span className={styles['pending']}>en attente de synchronisation</span>;
}
