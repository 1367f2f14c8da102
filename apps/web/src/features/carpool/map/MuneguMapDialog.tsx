import { useState } from 'react';
import {
  CARPOOL_TEXTS,
  TEXTS,
  type Match,
  type MatchInfo,
  type ConfirmedCarpool,
} from '@munegu/shared';
import { Dialog } from '../../../components/ui/Dialog';
import { LoadingOverlay } from '../../../components/ui/LoadingOverlay';
import { useAuth } from '../../../lib/auth';
import { useDepartments } from '../../reference';
import { useAvailableDepartments, useConfirmedCarpool, useMatchInfo, useSupporters } from '../api';
import { MapPanel } from './MapPanel';
import { SupporterTabs } from './SupporterTabs';
import { isOfferingDriver, plainCode, viewerOf } from './supporters';
import styles from './MuneguMapDialog.module.css';

type Props = { match: Match; open: boolean; onOpenChange: (open: boolean) => void };

/**
 * The MuneguMap (spec sections 2 and 4): the supporters of a department for a match, beside a
 * France map of the departments where some are going (stacked below 1000 px).
 */
export function MuneguMapDialog({ match, open, onOpenChange }: Props) {
  return (
    <Dialog
      open={open}
      onClose={() => onOpenChange(false)}
      title="MuneguMap"
      closeButton
      freshContent
      wide
      className={styles['munegu-map']}
    >
      <MapGate match={match} />
    </Dialog>
  );
}

/** Open only to a member with a presence, a search or a carpool for the match. */
function MapGate({ match }: { match: Match }) {
  const info = useMatchInfo(match.id);
  const confirmed = useConfirmedCarpool(match.id);
  if (info.isPending || confirmed.isPending) return <LoadingOverlay />;
  if (info.isError) return <p className="error-text">{TEXTS.generic.error}</p>;
  const carpool = confirmed.data ?? null;
  if (info.data === null && carpool === null) {
    return (
      <p className="empty-state" role="status">
        {CARPOOL_TEXTS.mapClosed}
      </p>
    );
  }
  return <MapContent match={match} info={info.data} confirmed={carpool} />;
}

type ContentProps = { match: Match; info: MatchInfo | null; confirmed: ConfirmedCarpool | null };

function MapContent({ match, info, confirmed }: ContentProps) {
  const { user } = useAuth();
  const viewer = viewerOf(info, user?.id ?? null);
  const available = useAvailableDepartments(match.id);
  const names = useDepartments();
  const [chosen, setChosen] = useState<string | null>(null);
  const departments = (available.data?.departements ?? []).map((d) => ({
    ...d,
    code: plainCode(d.code),
  }));
  // The member's departure department first, else where their carpool leaves from.
  const home =
    viewer.department ??
    (confirmed ? plainCode(confirmed.vehicule.departement_depart_conducteur) : null);
  const selected = chosen ?? home ?? departments[0]?.code ?? null;
  const list = useSupporters(match.id, selected, selected !== null);
  const supporters = (selected && list.data?.[selected]) || [];
  const departmentName = (code: string) =>
    departments.find((d) => d.code === plainCode(code))?.nom ??
    names.data?.find((d) => d.code === plainCode(code))?.name ??
    code;
  // Suggestions answer "nobody drives from my department": only there, and only then.
  const noLocalDriver =
    selected === viewer.department &&
    list.isSuccess &&
    !supporters.some((s) => s.id !== viewer.id && isOfferingDriver(s));

  return (
    <div className={styles['munegu-map__layout']}>
      <MapPanel departments={departments} selected={selected} onSelect={setChosen} />
      {list.isError ? (
        <p className="error-text">{TEXTS.generic.error}</p>
      ) : (
        <SupporterTabs
          viewer={viewer}
          supporters={supporters}
          confirmed={confirmed}
          suggestions={noLocalDriver ? (available.data?.suggestions ?? []) : []}
          departmentName={departmentName}
          match={match}
          loading={list.isFetching}
          total={totalOf(departments.find((d) => d.code === selected)?.supporters)}
          department={selected}
        />
      )}
    </div>
  );
}

/** '12' → 12; '<3' → null (a small department is never counted exactly). */
function totalOf(shown: string | undefined): number | null {
  return shown && /^\d+$/.test(shown) ? Number(shown) : null;
}
