import { useEffect, useRef, type ComponentProps } from 'react';
import { Button } from './Button';

/**
 * A form's submit button, disabled while its request runs. A browser drops the focus of a
 * button that turns disabled to the page's body, so after a refusal a keyboard or screen-reader
 * user started again from the top of the page (or of the dialog). This one takes the focus back
 * once it works again, if nothing else took it meanwhile.
 */
export function SubmitButton({
  disabled,
  onFocus,
  onBlur,
  ...props
}: Omit<ComponentProps<typeof Button>, 'type'>) {
  const ref = useRef<HTMLButtonElement>(null);
  const lostToDisable = useRef(false);
  useEffect(() => {
    if (disabled || !lostToDisable.current) return;
    lostToDisable.current = false;
    const now = document.activeElement;
    if (!now || now === document.body) ref.current?.focus();
  }, [disabled]);
  return (
    <Button
      {...props}
      ref={ref}
      type="submit"
      disabled={disabled}
      onFocus={(event) => {
        lostToDisable.current = false;
        onFocus?.(event);
      }}
      onBlur={(event) => {
        // Blurred by being disabled (Chromium's focus fixup: no related target), not by the
        // member moving on.
        lostToDisable.current = event.currentTarget.disabled && event.relatedTarget === null;
        onBlur?.(event);
      }}
    />
  );
}
