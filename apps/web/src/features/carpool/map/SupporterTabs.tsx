import { useId, useState, type KeyboardEvent } from 'react';
import type { ConfirmedCarpool, Supporter } from '@munegu/shared';
import { cx } from '../../../lib/cx';
import { ConfirmedCarpoolList } from './ConfirmedCarpoolList';
import { PropositionDialog } from './PropositionDialog';
import { propositionFromSupporter, type Proposition } from './proposition';
import { SendRelationDialog } from './SendRelationDialog';
import { SupporterRow, type SendKind } from './SupporterRow';
import {
  TAB_LABELS,
  defaultTab,
  orderTabs,
  supporterLists,
  type TabId,
  type Viewer,
} from './supporters';
import rowStyles from './SupporterRow.module.css';
import styles from './SupporterTabs.module.css';

type Props = {
  viewer: Viewer;
  /** The selected department's supporters, as the API lists them. */
  supporters: Supporter[];
  confirmed: ConfirmedCarpool | null;
  /** Drivers of other departments, shown when the member's department has none. */
  suggestions: Supporter[];
  departmentName: (code: string) => string;
  match: { id: number; club_dom: { nomStade: string | null; ville: string | null } };
  loading: boolean;
  /** The department's count from the map (null below three: never shown exactly). */
  total?: number | null;
  /** The department the lists are about (the map's selection). */
  department?: string | null;
};

/** The lists beside the map: confirmed carpool, with transport, searching (spec section 4). */
export function SupporterTabs(props: Props) {
  const { viewer, supporters, confirmed, suggestions, match } = props;
  const ctx = { meId: viewer.id, groupSize: viewer.groupSize };
  const { withTransport, searching, counts, listed } = supporterLists(
    supporters,
    confirmed,
    suggestions,
    props.department ?? null,
    ctx,
  );
  const order = orderTabs(viewer.hasTransport, confirmed !== null);
  // A tab the member picked stays open, unless it was the confirmed carpool's and that carpool
  // has gone since (cancelled, or they were excluded): it would only say that there is none,
  // so the first list with someone in it opens instead, as on opening (spec section 4).
  const [picked, setPicked] = useState<{ tab: TabId; withCarpool: boolean } | null>(null);
  const gone = picked?.tab === 'confirmed' && picked.withCarpool && confirmed === null;
  const active = picked && !gone ? picked.tab : defaultTab(order, counts);
  const setChosen = (tab: TabId) => setPicked({ tab, withCarpool: confirmed !== null });
  const [send, setSend] = useState<{ target: Supporter; kind: SendKind } | null>(null);
  const [answering, setAnswering] = useState<Proposition | null>(null);
  const baseId = useId();

  const onTabKey = (event: KeyboardEvent) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    const next = order[(order.indexOf(active) + step + order.length) % order.length]!;
    setChosen(next);
    document.getElementById(`${baseId}-${next}-tab`)?.focus();
  };

  const rows = (list: Supporter[], extra?: (s: Supporter) => string) => (
    <ul className={rowStyles['supporter-list']}>
      {list.map((s) => (
        <SupporterRow
          key={s.id}
          supporter={s}
          viewer={viewer}
          onSend={(target, kind) => setSend({ target, kind })}
          onAnswer={(s) => setAnswering(propositionFromSupporter(s, viewer))}
          extra={extra?.(s)}
        />
      ))}
    </ul>
  );
  const empty = <p className="empty-state">Aucun supporter dans ce département.</p>;

  return (
    <section className={styles['supporter-tabs']} aria-label="Supporters">
      {/* Big departments are listed in part (drivers with most seats, largest groups first);
          passengers riding with someone else are in that carpool, not in these lists. */}
      {props.total != null && props.total > listed && (
        <p className={styles['supporter-tabs__partial']}>
          {listed} des {props.total} supporters de ce département sont listés ici.
        </p>
      )}
      <div role="tablist" aria-label="Listes" className={styles['supporter-tabs__list']}>
        {order.map((tab) => (
          <button
            key={tab}
            id={`${baseId}-${tab}-tab`}
            type="button"
            role="tab"
            aria-selected={tab === active}
            aria-controls={`${baseId}-panel`}
            tabIndex={tab === active ? 0 : -1}
            className={cx(styles['supporter-tabs__tab'], tab === active && styles['is-active'])}
            onClick={() => setChosen(tab)}
            onKeyDown={onTabKey}
          >
            {TAB_LABELS[tab]} <span className={styles['supporter-tabs__count']}>{counts[tab]}</span>
          </button>
        ))}
      </div>
      <div
        id={`${baseId}-panel`}
        role="tabpanel"
        aria-labelledby={`${baseId}-${active}-tab`}
        aria-busy={props.loading}
        className={styles['supporter-tabs__panel']}
      >
        {active === 'confirmed' &&
          (confirmed ? (
            <ConfirmedCarpoolList carpool={confirmed} meId={viewer.id} />
          ) : (
            <p className="empty-state">Aucun covoiturage confirmé.</p>
          ))}
        {active === 'transport' && (withTransport.length ? rows(withTransport) : empty)}
        {active === 'searching' && (searching.length ? rows(searching) : empty)}
        {active === 'transport' && suggestions.length > 0 && (
          <>
            <h3 className={styles['supporter-tabs__heading']}>
              Conducteurs proches d&apos;autres départements
            </h3>
            {rows(suggestions, (s) =>
              [
                props.departmentName(s.departement_depart),
                s.detour_km !== undefined ? `+${s.detour_km} km de détour` : '',
              ]
                .filter(Boolean)
                .join(' · '),
            )}
          </>
        )}
      </div>
      <SendRelationDialog
        target={send?.target ?? null}
        kind={send?.kind ?? 'demande'}
        viewer={viewer}
        matchId={match.id}
        onClose={() => setSend(null)}
      />
      <PropositionDialog
        proposition={answering}
        match={match}
        open={answering !== null}
        onOpenChange={(open) => !open && setAnswering(null)}
      />
    </section>
  );
}
