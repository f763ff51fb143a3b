// A card: the shop's surface for a block of content (a form, a summary, a section of a screen).
import type { ReactNode } from 'react';
import styles from './card.module.css';

interface CardProps {
  children: ReactNode;
  className?: string;
  as?: 'section' | 'div' | 'article';
  'aria-labelledby'?: string;
}

export function Card({ children, className, as: Element = 'section', ...rest }: CardProps) {
  return (
    <Element className={[styles.surface, styles.card, className].filter(Boolean).join(' ')} {...rest}>
      {children}
    </Element>
  );
}

/** The card look for an element a screen styles itself (a list, a panel): `className={surface(styles.lines)}`. */
export function surface(className?: string): string {
  return [styles.surface, className].filter(Boolean).join(' ');
}
