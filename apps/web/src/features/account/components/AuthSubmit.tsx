import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/Button';
import accountStyles from '../account.module.css';

/** The full-width submit button that ends every form of the signed-out pages. */
export function AuthSubmit({ disabled, children }: { disabled: boolean; children: ReactNode }) {
  return (
    <Button
      type="submit"
      variant="primary"
      className={accountStyles['auth-form__submit']}
      disabled={disabled}
    >
      {children}
    </Button>
  );
}
