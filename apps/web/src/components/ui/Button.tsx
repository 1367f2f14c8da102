import type { ButtonHTMLAttributes, Ref } from 'react';
import { cx } from '../../lib/cx';

type Props = ButtonHTMLAttributes<HTMLButtonElement> & {
  /** One of primitives.css's button looks. */
  variant: 'primary' | 'outline' | 'ghost' | 'light' | 'danger';
  small?: boolean;
  ref?: Ref<HTMLButtonElement>;
};

/**
 * A button of the design system (`btn btn--<variant>`). It is `type="button"` unless told
 * otherwise, so a button inside a form never submits it by accident.
 */
export function Button({ variant, small, className, type = 'button', ...rest }: Props) {
  return (
    <button
      type={type}
      className={cx('btn', `btn--${variant}`, small && 'btn--small', className)}
      {...rest}
    />
  );
}
