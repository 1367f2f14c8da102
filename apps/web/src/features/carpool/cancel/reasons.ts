import { useState } from 'react';
import { CARPOOL_TEXTS, LIMITS, isOtherReason } from '@munegu/shared';

export type Reason = { id: number; label: string };

/** 'Autre' last (spec section 5), whatever order the server sends. */
export function sortReasons(reasons: readonly Reason[] | undefined): Reason[] {
  const list = reasons ?? [];
  return [
    ...list.filter((r) => !isOtherReason(r.label)),
    ...list.filter((r) => isOtherReason(r.label)),
  ];
}

/** A picked reason and, for 'Autre', its free text once trimmed. */
export type ReasonChoice = { id: number | null; text: string };

export function isOther(reasons: readonly Reason[] | undefined, id: number | null): boolean {
  const reason = reasons?.find((r) => r.id === id);
  return isOtherReason(reason?.label);
}

/**
 * Spec section 5, cancel/exclude reason: a listed reason must be picked, and 'Autre' needs
 * 5 to 80 characters after trim. `missing` is the message when nothing valid is picked.
 */
export function reasonError(
  reasons: readonly Reason[] | undefined,
  choice: ReasonChoice,
  missing: string,
): string | null {
  if (!reasons?.some((r) => r.id === choice.id)) return missing;
  if (!isOther(reasons, choice.id)) return null;
  const length = choice.text.trim().length;
  const { min, max } = LIMITS.cancelReason;
  return length < min || length > max ? CARPOOL_TEXTS.customReasonLength : null;
}

/** The free text to send: the trimmed text for 'Autre', otherwise null. */
export function customText(reasons: readonly Reason[] | undefined, choice: ReasonChoice) {
  return isOther(reasons, choice.id) ? choice.text.trim() : null;
}

/**
 * A reasons list as it is read, and the member's pick in it: what a ReasonPicker shows and
 * what the form checks and sends. `onChange` runs on every change of the pick: the form drops
 * a message that was about the previous one.
 */
export function useReasonPick(
  list: { data?: readonly Reason[]; isError: boolean },
  onChange?: () => void,
) {
  const [value, setValue] = useState<ReasonChoice>({ id: null, text: '' });
  return {
    list,
    value,
    setValue: (next: ReasonChoice) => {
      setValue(next);
      onChange?.();
    },
    /** The message to show, or null when the pick is complete (see reasonError). */
    problem: (missing: string) => reasonError(list.data, value, missing),
    /** The free text to send with the pick. */
    text: () => customText(list.data, value),
  };
}
export type ReasonPick = ReturnType<typeof useReasonPick>;
