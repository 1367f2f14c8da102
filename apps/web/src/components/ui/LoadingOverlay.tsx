import styles from './LoadingOverlay.module.css';

type Props = {
  /** Covers the whole viewport when true, otherwise only the positioned parent. */
  fullScreen?: boolean;
  label?: string;
};

/** A spinner over the content while something loads; announced to screen readers. */
export function LoadingOverlay({ fullScreen = false, label = 'Chargement…' }: Props) {
  return (
    <div
      className={`${styles['loading-overlay']}${fullScreen ? ` ${styles['loading-overlay--full']}` : ''}`}
      role="status"
      aria-live="polite"
    >
      <span className={styles['loading-overlay__spinner']} aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
