import type { Ref } from 'react';
import { NEWS_TITLE_MAX } from '@munegu/shared';
import { TextField } from '../../../components/ui/FormField';
import { LengthCounter } from './LengthCounter';

/**
 * 'Titre' of a news item or a contest (one limit for both), with its length counter
 * (`<id>-count`) as the hint.
 */
export function TitleField({
  id,
  value,
  error,
  onChange,
  ref,
}: {
  id: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  ref?: Ref<HTMLInputElement>;
}) {
  return (
    <TextField
      id={id}
      label="Titre"
      error={error}
      hint={<LengthCounter id={`${id}-count`} length={value.trim().length} max={NEWS_TITLE_MAX} />}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      {...(ref ? { ref } : {})}
    />
  );
}
