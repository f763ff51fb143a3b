// The shop's buttons, and links that look like them: one set of variants everywhere.
import type { ButtonHTMLAttributes, Ref } from 'react';
import { Link, type LinkProps } from 'react-router-dom';
import styles from './button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'dangerOutline' | 'ghost';
export type ButtonSize = 'small' | 'medium' | 'large';

interface Look {
  variant?: ButtonVariant;
  size?: ButtonSize;
  block?: boolean;
}

export function buttonClassName({ variant = 'primary', size = 'medium', block = false }: Look, extra?: string): string {
  return [styles.button, styles[variant], size !== 'medium' && styles[size], block && styles.block, extra]
    .filter(Boolean)
    .join(' ');
}

// `ref` is a prop in React 19: a screen can move the focus to one of its buttons.
export function Button({
  variant,
  size,
  block,
  className,
  type = 'button',
  ...props
}: Look & ButtonHTMLAttributes<HTMLButtonElement> & { ref?: Ref<HTMLButtonElement> }) {
  return <button type={type} className={buttonClassName({ variant, size, block }, className)} {...props} />;
}

export function ButtonLink({ variant = 'secondary', size, block, className, ...props }: Look & LinkProps) {
  return <Link className={buttonClassName({ variant, size, block }, className)} {...props} />;
}
