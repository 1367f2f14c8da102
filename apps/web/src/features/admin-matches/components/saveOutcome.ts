import { toast } from '../../../components/ui/toast';
import { fieldErrors } from '../../../components/ui/formErrors';
import { errorMessage, isApiError } from '../../../lib/api';

/**
 * What a create-or-edit form of the operators does once the server answers: a toast saying
 * what was saved and `onDone`, or the server's field errors under their fields and a toast.
 */
export function saveOutcome<T>(
  saved: string | ((answer: T) => string),
  onDone: () => void,
  setErrors: (errors: Record<string, string>) => void,
) {
  return {
    onSuccess: (answer: T) => {
      toast.success(typeof saved === 'string' ? saved : saved(answer));
      onDone();
    },
    onError: (error: unknown) => {
      if (isApiError(error) && error.errors.length) setErrors(fieldErrors(error.errors));
      toast.error(errorMessage(error, 'Une erreur est survenue.'));
    },
  };
}
