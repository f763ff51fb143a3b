// A mutation's userErrors onto a react-hook-form form: each error that names a field of the form is shown next to
// that field (nested ones too: "preferences.language"); the first that does not is answered, for the form's banner.
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';

export interface UserErrorLike {
  message: string;
  field: string | null;
}

export function showUserErrors<Form extends FieldValues>(
  userErrors: readonly UserErrorLike[],
  setError: UseFormSetError<Form>,
  fields: readonly Path<Form>[],
): string | undefined {
  let banner: string | undefined;
  let focused = false;
  for (const error of userErrors) {
    const field = fields.find((name) => name === error.field);
    if (field) {
      setError(field, { type: 'server', message: error.message }, { shouldFocus: !focused });
      focused = true;
    } else {
      banner ??= error.message;
    }
  }
  return banner;
}
