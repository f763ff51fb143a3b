// "Load more" under a paged list (relayStylePagination merges the next page into it): 'Loading...' while the page
// comes, and when it fails the list stays as it was and says so above the button, which tries again.
import { useState } from 'react';
import { Button, type ButtonSize } from './button';
import { Alert } from './feedback';
import styles from './load-more.module.css';

export function LoadMore({ label, failedMessage, size, load }: { label: string; failedMessage: string; size?: ButtonSize; load: () => Promise<unknown> }) {
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const loadNextPage = async () => {
    setFailed(false);
    setLoading(true);
    try {
      await load();
    } catch {
      setFailed(true);
    } finally {
      setLoading(false);
    }
  };
  return (
    <div className={styles.more}>
      {failed && <Alert tone="error">{failedMessage}</Alert>}
      <Button variant="secondary" size={size} onClick={() => void loadNextPage()} disabled={loading}>
        {loading ? 'Loading...' : label}
      </Button>
    </div>
  );
}
