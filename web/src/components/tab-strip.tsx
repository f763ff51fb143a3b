// The row of tabs of a tabbed screen (Headless UI's tabs: arrow keys, roles and selection), in the shop's look.
import { Tab, TabList } from '@headlessui/react';
import type { ReactNode } from 'react';
import styles from './tab-strip.module.css';

export function TabStrip({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <TabList className={[styles.list, className].filter(Boolean).join(' ')} aria-label={label}>
      {children}
    </TabList>
  );
}

/** One tab, with an optional count beside its name. */
export function StripTab({ children, count }: { children: ReactNode; count?: number | undefined }) {
  return (
    <Tab className={styles.tab}>
      {children}
      {count !== undefined && <span className={styles.count}>{count}</span>}
    </Tab>
  );
}
