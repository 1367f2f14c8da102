import { useEffect, useRef, useState } from 'react';
import { LIMITS } from '@munegu/shared';
import styles from './HoldToDeleteButton.module.css';
import { cx } from '../../../lib/cx';

/**
 * Press and hold for 900 ms (progress refreshed every 30 ms) before `onHeld` fires (spec
 * section 4, Account deletion). Works with mouse, touch and the keyboard (Space/Enter held).
 */
export function HoldToDeleteButton({
  onHeld,
  disabled = false,
}: {
  onHeld: () => void;
  disabled?: boolean;
}) {
  const [progress, setProgress] = useState(0);
  const timer = useRef<number | null>(null);
  const started = useRef(0);

  const stop = () => {
    if (timer.current !== null) window.clearInterval(timer.current);
    timer.current = null;
    setProgress(0);
  };
  const start = () => {
    if (disabled || timer.current !== null) return;
    started.current = Date.now();
    timer.current = window.setInterval(() => {
      const ratio = Math.min(1, (Date.now() - started.current) / LIMITS.deleteHoldMs);
      setProgress(ratio);
      if (ratio >= 1) {
        stop();
        onHeld();
      }
    }, LIMITS.deleteHoldTickMs);
  };
  useEffect(() => stop, []);

  return (
    <button
      type="button"
      className={cx('btn', 'btn--danger', styles['hold-btn'])}
      disabled={disabled}
      onPointerDown={start}
      onPointerUp={stop}
      onPointerLeave={stop}
      onPointerCancel={stop}
      onKeyDown={(e) => {
        if ((e.key === ' ' || e.key === 'Enter') && !e.repeat) {
          e.preventDefault();
          start();
        }
      }}
      onKeyUp={stop}
      onContextMenu={(e) => e.preventDefault()}
      aria-describedby="hold-hint"
    >
      <span
        className={styles['hold-btn__fill']}
        data-testid="hold-fill"
        style={{ transform: `scaleX(${progress})` }}
        aria-hidden="true"
      />
      <span className={styles['hold-btn__label']}>Maintenir pour supprimer mon compte</span>
    </button>
  );
}
