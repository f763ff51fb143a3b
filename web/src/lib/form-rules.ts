// The shop's own rules (shop-rules/) as a react-hook-form resolver: every field that breaks one is marked at once,
// with its first broken rule's message, before anything is sent (the gateway checks the same rules again).
import type { FieldErrors, FieldValues, Path, Resolver } from 'react-hook-form';
import type { RuleViolation } from '@shop-rules/rule-violation';

/** A form's own demand checked before the rules, e.g. that a confirmation is filled in before it is compared. */
export type FormDemand<Form> = (values: Form) => { field: Path<Form>; message: string } | undefined;

export function rulesResolver<Form extends FieldValues>(
  check: (values: Form) => readonly RuleViolation[],
  fields: readonly Path<Form>[],
  demands: readonly FormDemand<Form>[] = [],
): Resolver<Form> {
  return async (values) => {
    const errors: Record<string, { type: string; message: string }> = {};
    const mark = (field: string | null, message: string) => {
      const known = fields.find((name) => name === field);
      if (known && !errors[known]) errors[known] = { type: 'rule', message };
    };
    for (const demand of demands) {
      const unmet = demand(values);
      if (unmet) mark(unmet.field, unmet.message);
    }
    for (const violation of check(values)) mark(violation.field, violation.message);
    return Object.keys(errors).length === 0
      ? { values, errors: {} }
      : { values: {}, errors: errors as FieldErrors<Form> };
  };
}
