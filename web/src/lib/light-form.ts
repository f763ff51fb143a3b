// react-hook-form's API, the part the first screens' forms use (login, register, the listing's filters), without the
// library: react-hook-form is 15 KB gzip of the first download (bench/README.md: web.initial_js_gzip_kb), and those
// forms need little of it. The other forms, loaded with their screens, use react-hook-form itself; its types serve
// both, so the shop's rules (lib/form-rules.ts) and refusals (lib/user-errors.ts) plug into either.
//
// As react-hook-form does by default: a field is its input's own value (uncontrolled, text); nothing is checked
// before the first submit, then a field is checked again as it changes; a submit with a wrong field marks every wrong
// one and puts the focus on the first, in the order the fields were registered.
import { useReducer, useState } from 'react';
import type {
  FieldError,
  FieldErrors,
  FieldValues,
  Path,
  Resolver,
  SubmitErrorHandler,
  SubmitHandler,
  UseFormSetError,
} from 'react-hook-form';

/** A rule on a field's text: true (or nothing) when it holds, else its message. */
type Check = (value: string) => boolean | string | undefined;

export interface LightRules {
  /** The message for an empty field. */
  required?: string;
  /** One check, or several by name (their names become the error's `type`), each in turn until one fails. */
  validate?: Check | Record<string, Check>;
}

interface Registered {
  name: string;
  ref(element: HTMLInputElement | null): void;
  onChange(): Promise<void>;
  onBlur(): void;
}

function broken(rules: LightRules | undefined, value: string): FieldError | undefined {
  if (rules?.required && value === '') return { type: 'required', message: rules.required };
  const checks = typeof rules?.validate === 'function' ? { validate: rules.validate } : (rules?.validate ?? {});
  for (const [type, check] of Object.entries(checks)) {
    const result = check(value);
    if (result !== true && result !== undefined) return { type, message: typeof result === 'string' ? result : '' };
  }
  return undefined;
}

/** The form of one component: built once, its functions the same on every render, as react-hook-form's are. */
function createForm<Form extends FieldValues>(initial: Form, resolver: Resolver<Form> | undefined, render: () => void) {
  let values: Form = { ...initial };
  /** By name, in the order the fields were registered. */
  const elements = new Map<string, HTMLInputElement>();
  const rules = new Map<string, LightRules | undefined>();
  const registered = new Map<string, Registered>();
  let errors: FieldErrors<Form> = {};
  let submitted = false;
  let submitting = false;

  const read = (): Form => {
    const current: Record<string, string> = { ...values };
    for (const [name, element] of elements) current[name] = element.value;
    return current as Form;
  };

  async function check(current: Form): Promise<FieldErrors<Form>> {
    if (resolver)
      return (await resolver(current, undefined, { fields: {}, shouldUseNativeValidation: undefined })).errors;
    const found: Record<string, FieldError> = {};
    for (const [name, fieldRules] of rules) {
      const error = broken(fieldRules, (current as Record<string, string>)[name] ?? '');
      if (error) found[name] = error;
    }
    return found as FieldErrors<Form>;
  }

  const withError = (name: string, error: FieldError | undefined): FieldErrors<Form> => {
    const next: Record<string, unknown> = { ...errors };
    if (error) next[name] = error;
    else delete next[name];
    return next as FieldErrors<Form>;
  };

  function field(name: string): Registered {
    return {
      name,
      ref(element) {
        // Called again on every render: an input already known keeps what was typed in it.
        if (!element || elements.get(name) === element) return;
        elements.set(name, element);
        element.value = (values as Record<string, string>)[name] ?? '';
      },
      async onChange() {
        if (!submitted) return;
        const found = await check(read());
        errors = withError(name, (found as Record<string, FieldError | undefined>)[name]);
        render();
      },
      onBlur() {},
    };
  }

  const setError: UseFormSetError<Form> = (name, error, options) => {
    errors = withError(name, { type: error.type ?? 'manual', message: error.message });
    if (options?.shouldFocus) elements.get(name)?.focus();
    render();
  };

  return {
    register(name: Path<Form>, fieldRules?: LightRules): Registered {
      rules.set(name, fieldRules);
      let registration = registered.get(name);
      if (!registration) registered.set(name, (registration = field(name)));
      return registration;
    },
    handleSubmit:
      (onValid: SubmitHandler<Form>, onInvalid?: SubmitErrorHandler<Form>) =>
      async (event?: { preventDefault(): void }) => {
        event?.preventDefault();
        const current = read();
        errors = await check(current);
        submitted = true;
        const wrong = [...elements].find(([name]) => name in errors);
        if (wrong) {
          render();
          wrong[1].focus();
          await onInvalid?.(errors);
          return;
        }
        submitting = true;
        render();
        try {
          await onValid(current);
        } finally {
          submitting = false;
          render();
        }
      },
    reset(next?: Form) {
      if (next) values = { ...next };
      for (const [name, element] of elements) element.value = (values as Record<string, string>)[name] ?? '';
      errors = {};
      submitted = false;
      render();
    },
    getValues: (name: Path<Form>): string => (read() as Record<string, string>)[name] ?? '',
    setError,
    formState: () => ({ errors, isSubmitting: submitting }),
  };
}

/** react-hook-form's `useForm` for forms of text fields: the same names, what they do as it does by default. */
export function useLightForm<Form extends FieldValues>({
  defaultValues,
  resolver,
}: {
  defaultValues: Form;
  resolver?: Resolver<Form>;
}) {
  const [, render] = useReducer((count: number) => count + 1, 0);
  const [form] = useState(() => createForm(defaultValues, resolver, render));
  const { formState, ...api } = form;
  return { ...api, formState: formState() };
}
