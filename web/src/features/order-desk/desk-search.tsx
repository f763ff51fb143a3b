// The desk's search (spec §2.12): an order number ('12' or '#12') or part of a customer's username. It is sent when
// submitted (Enter or Search), not at every pause in typing: one search is one request to the shop however many
// orders it holds, and one entry in the history, so Back goes to the search before. The field follows the address
// (Back, Forward, Clear search) and keeps what is typed meanwhile otherwise.
import { type Ref, useState } from 'react';
import { MAX_ORDER_SEARCH_LENGTH } from '@shop-rules/order-rules';
import { Button } from '@/components/button';
import { TextField } from '@/components/field';
import styles from './order-desk.module.css';

interface DeskSearchProps {
  /** The search in the address ('' for none). */
  search: string;
  onSearch(text: string): void;
  inputRef?: Ref<HTMLInputElement>;
}

export function DeskSearch({ search, onSearch, inputRef }: DeskSearchProps) {
  const [text, setText] = useState(search);
  // The address changed (Back, Clear search): the field shows its search. Set while rendering, as React advises for
  // state that follows a prop, so no frame shows the old text.
  const [shownSearch, setShownSearch] = useState(search);
  if (search !== shownSearch) {
    setShownSearch(search);
    setText(search);
  }

  return (
    <form
      role="search"
      aria-label="Orders"
      className={styles.search}
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(text);
      }}
    >
      <TextField
        ref={inputRef}
        label="Search orders"
        type="search"
        name="q"
        placeholder="Order number, customer or SKU"
        autoComplete="off"
        enterKeyHint="search"
        maxLength={MAX_ORDER_SEARCH_LENGTH}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <Button type="submit" variant="secondary">
        Search
      </Button>
    </form>
  );
}
