// "Load more" under a paged list (relayStylePagination merges the next page into it): 'Loading...' while the page
// comes, and when it fails the list stays as it was and says so above the button, which tries again. A list that
// also loads on scrolling shares one `useNextPage` with its button, so that one page is asked for at a time and
// the button shows what scrolling started.
import { useRef, useState } from 'react';
import { Button, type ButtonSize } from './button';
import { Alert } from './feedback';
import styles from './load-more.module.css';

export interface NextPage {
  loading: boolean;
  failed: boolean;
  /** Asks for the next page, unless one is on its way. */
  load(): Promise<void>;
}

export function useNextPage(load: () => Promise<unknown>): NextPage {
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  // State changes show on the next render; two scroll events in one frame must not both start a page.
  const busy = useRef(false);
  const loadNextPage = async () => {
    if (busy.current) return;
    busy.current = true;
    setFailed(false);
    setLoading(true);
    try {
      await load();
    } catch {
      setFailed(true);
    } finally {
      busy.current = false;
      setLoading(false);
    }
  };
  return { loading, failed, load: loadNextPage };
}

type LoadMoreProps = { label: string; failedMessage: string; size?: ButtonSize } & (
  { load: () => Promise<unknown> } | { nextPage: NextPage }
);

const nothingToLoad = () => Promise.resolve();

export function LoadMore(props: LoadMoreProps) {
  const { label, failedMessage, size } = props;
  const own = useNextPage('load' in props ? props.load : nothingToLoad);
  const { loading, failed, load } = 'nextPage' in props ? props.nextPage : own;
  return (
    <div className={styles.more}>
      {failed && <Alert tone="error">{failedMessage}</Alert>}
      {/* Enabled while busy, so that the keyboard's focus stays on it for the next page: a second press waits. */}
      <Button variant="secondary" size={size} onClick={() => void load()}>
        {loading ? 'Loading...' : label}
      </Button>
    </div>
  );
}
