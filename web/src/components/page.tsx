// The frame of every screen: a centred column with the screen's heading and its main actions.
import type { ReactNode } from 'react';
import styles from './page.module.css';

interface PageProps {
  title?: ReactNode;
  actions?: ReactNode;
  narrow?: boolean;
  children: ReactNode;
}

export function Page({ title, actions, narrow = false, children }: PageProps) {
  return (
    <div className={[styles.page, narrow && styles.narrow].filter(Boolean).join(' ')}>
      {(title || actions) && (
        <div className={styles.header}>
          {title && <h1 className={styles.title}>{title}</h1>}
          {actions && <div className={styles.actions}>{actions}</div>}
        </div>
      )}
      {children}
    </div>
  );
}
