// Labelled form controls: every field has a visible label, its `name`, and its hint, warning and error tied to it
// with aria-describedby. The props go to the control, so react-hook-form's register() spreads straight in.
import {
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from 'react';
import styles from './field.module.css';

interface FieldFrame {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  /**
   * Something to check that does not stop the form (an image that did not load): said politely, the field stays valid.
   */
  warning?: string | undefined;
}

function describedBy(id: string, frame: FieldFrame): string | undefined {
  return (
    [frame.hint ? `${id}-hint` : '', frame.warning ? `${id}-warning` : '', frame.error ? `${id}-error` : '']
      .filter(Boolean)
      .join(' ') || undefined
  );
}

function Frame({
  id,
  frame,
  required,
  children,
}: {
  id: string;
  frame: FieldFrame;
  required?: boolean | undefined;
  children: ReactNode;
}) {
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {frame.label}
        {required && (
          <span className={styles.required} aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      {children}
      {frame.hint && (
        <p id={`${id}-hint`} className={styles.hint}>
          {frame.hint}
        </p>
      )}
      {frame.warning && (
        <p id={`${id}-warning`} className={styles.warning} role="status">
          {frame.warning}
        </p>
      )}
      {frame.error && (
        <p id={`${id}-error`} className={styles.error}>
          {frame.error}
        </p>
      )}
    </div>
  );
}

type TextFieldProps = FieldFrame & InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> };

export function TextField({ label, error, hint, warning, id, className, ...input }: TextFieldProps) {
  const generated = useId();
  const fieldId = id ?? generated;
  const frame = { label, error, hint, warning };
  return (
    <Frame id={fieldId} frame={frame} required={input.required}>
      <input
        id={fieldId}
        className={[styles.control, className].filter(Boolean).join(' ')}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fieldId, frame)}
        {...input}
      />
    </Frame>
  );
}

type TextAreaFieldProps = FieldFrame & TextareaHTMLAttributes<HTMLTextAreaElement> & { ref?: Ref<HTMLTextAreaElement> };

export function TextAreaField({ label, error, hint, warning, id, className, ...textarea }: TextAreaFieldProps) {
  const generated = useId();
  const fieldId = id ?? generated;
  const frame = { label, error, hint, warning };
  return (
    <Frame id={fieldId} frame={frame} required={textarea.required}>
      <textarea
        id={fieldId}
        className={[styles.control, className].filter(Boolean).join(' ')}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fieldId, frame)}
        {...textarea}
      />
    </Frame>
  );
}

type SelectFieldProps = FieldFrame & SelectHTMLAttributes<HTMLSelectElement> & { ref?: Ref<HTMLSelectElement> };

export function SelectField({ label, error, hint, warning, id, className, children, ...select }: SelectFieldProps) {
  const generated = useId();
  const fieldId = id ?? generated;
  const frame = { label, error, hint, warning };
  return (
    <Frame id={fieldId} frame={frame} required={select.required}>
      <select
        id={fieldId}
        className={[styles.control, className].filter(Boolean).join(' ')}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fieldId, frame)}
        {...select}
      >
        {children}
      </select>
    </Frame>
  );
}

type CheckboxFieldProps = { label: ReactNode; hint?: ReactNode } & Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'type'
> & { ref?: Ref<HTMLInputElement> };

/** A checkbox and its label on one line; a hint goes under the label, in line with its text. */
export function CheckboxField({ label, hint, id, ...input }: CheckboxFieldProps) {
  const generated = useId();
  const fieldId = id ?? generated;
  const box = (
    <div className={styles.checkbox}>
      <input id={fieldId} type="checkbox" aria-describedby={hint ? `${fieldId}-hint` : undefined} {...input} />
      <label htmlFor={fieldId}>{label}</label>
    </div>
  );
  if (!hint) return box;
  return (
    <div className={styles.field}>
      {box}
      <p id={`${fieldId}-hint`} className={`${styles.hint} ${styles.checkboxHint}`}>
        {hint}
      </p>
    </div>
  );
}
