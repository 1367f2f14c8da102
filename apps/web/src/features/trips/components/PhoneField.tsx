import { useId } from 'react';
import { TRIP_TEXTS } from '@munegu/shared';
import { TextField } from '../../../components/ui/FormField';

/**
 * The registration's optional phone for the organisers' boarding list, the same on the coach
 * card's dialog and in the presence form; `error` is the server's refusal of it.
 */
export function PhoneField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (phone: string) => void;
  error: string | undefined;
}) {
  const id = useId();
  return (
    <TextField
      id={id}
      label={TRIP_TEXTS.phoneLabel}
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      maxLength={20}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={error}
    />
  );
}
