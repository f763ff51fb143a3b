// The listing's search (issue 34): words found in a product's name, description and SKU, any case and word ending,
// a typing mistake corrected. Kept in the address as ?q=… beside the filters and the order, so that Back and a shared
// link restore it. Checked here by shop-rules' own rule, so a search the shop would refuse is never sent.
import { useId, useState } from 'react';
import { Button } from '@/components/button';
import { checkProductSearch } from '@shop-rules/product-search';
import { isRuleViolation } from '@shop-rules/rule-violation';
import fieldStyles from '@/components/field.module.css';
import styles from './search-box.module.css';

/** The search the address holds, trimmed; undefined when none (or a blank one). */
export function searchOf(params: URLSearchParams): string | undefined {
  return params.get('q')?.trim() || undefined;
}

interface SearchBoxProps {
  /** The search the listing shows: the box starts from it (render it keyed by it, so Back and forward reset it). */
  value: string | undefined;
  /** A new search (undefined: none, the whole catalogue). */
  onSearch(search: string | undefined): void;
}

export function SearchBox({ value, onSearch }: SearchBoxProps) {
  const [text, setText] = useState(value ?? '');
  const [problem, setProblem] = useState<string>();
  const inputId = useId();
  const errorId = `${inputId}-error`;

  return (
    <form
      role="search"
      aria-label="Search products"
      className={styles.box}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const checked = checkProductSearch(text);
        if (isRuleViolation(checked)) {
          setProblem(checked.message);
          return;
        }
        setProblem(undefined);
        onSearch(checked);
      }}
    >
      <label htmlFor={inputId} className="visually-hidden">
        Search products
      </label>
      <div className={styles.row}>
        <input
          id={inputId}
          type="search"
          name="q"
          className={fieldStyles.control}
          placeholder="Search by name, description or SKU"
          value={text}
          enterKeyHint="search"
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? errorId : undefined}
          onChange={(event) => setText(event.target.value)}
        />
        <Button type="submit">Search</Button>
      </div>
      {problem && (
        <p id={errorId} className={fieldStyles.error} role="alert">
          {problem}
        </p>
      )}
    </form>
  );
}
