import type { ReactNode } from 'react';
import { cx } from '../../../lib/cx';
import adminStyles from '../admin.module.css';

/** An operators' page: one card named by its title (the `id` of its h2). */
export function AdminPanel({ titleId, children }: { titleId: string; children: ReactNode }) {
  return (
    <section className={cx('card', adminStyles['admin__panel'])} aria-labelledby={titleId}>
      {children}
    </section>
  );
}

/** The panel's title with its controls (season, create button…) on the same line. */
export function AdminHead(props: { titleId: string; title: string; children?: ReactNode }) {
  return (
    <div className={adminStyles['admin__head']}>
      <h2 id={props.titleId}>{props.title}</h2>
      {props.children}
    </div>
  );
}

/** The season picker ('2026-2027') of the matches and the league table. */
export function SeasonInput(props: {
  value: string;
  onChange: (season: string) => void;
  pattern?: string;
}) {
  return (
    <label className={adminStyles['admin__season']}>
      Saison
      <input
        className="input"
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        pattern={props.pattern}
        maxLength={9}
      />
    </label>
  );
}

/**
 * A table of the operators' pages: it scrolls sideways in its own box, and on a phone each row
 * stacks its cells under their column names (admin__table--stack). `className` adds the page's own.
 */
export function AdminTable({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <div className={adminStyles['admin__scroll']}>
      <table
        className={cx(adminStyles['admin__table'], adminStyles['admin__table--stack'], className)}
      >
        {children}
      </table>
    </div>
  );
}
