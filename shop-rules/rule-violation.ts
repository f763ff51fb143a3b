// What every rule of the shop answers when it is broken: the message people see and the field it is about.

/** `Field` narrows what `field` may be: a string where a rule always names one (the account forms'). */
export interface RuleViolation<Field extends string | null = string | null> {
  message: string;
  /** The form or input field at fault; null when the problem is no one field's (an empty cart). */
  field: Field;
}

export const isRuleViolation = (value: unknown): value is RuleViolation =>
  typeof value === 'object' && value !== null && 'message' in value && 'field' in value;
