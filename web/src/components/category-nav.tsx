// The catalogue's categories on the listing (issue 34): where the shopper is (All products › Diagnostics ›
// Thermometers) and the categories one level down, as links, so a category's page has its own address
// (`/?category=…`, beside the search, filters and order) and Back returns to the one before. One row that scrolls
// sideways on a phone. No categories (a shop that keeps none): nothing.
import { Link } from 'react-router-dom';
import { type CategoryEntry, pathTo } from '@/lib/categories';
import styles from './category-nav.module.css';

interface CategoryNavProps {
  categories: readonly CategoryEntry[];
  /** Not known yet: the row keeps its place, so nothing below it moves when they come. */
  loading: boolean;
  /** The category shown; undefined: every product. */
  current: string | undefined;
  /** The listing's address for a category (undefined: every product), the rest of the address kept. */
  hrefFor(category: string | undefined): string;
  /** How many of the list's products each category one level down holds (issue 34's facets); none until known. */
  counts?: ReadonlyMap<string, number> | undefined;
}

export function CategoryNav({ categories, loading, current, hrefFor, counts }: CategoryNavProps) {
  if (loading) return <div className={styles.placeholder} aria-hidden="true" />;
  if (categories.length === 0) return null;
  const path = pathTo(categories, current);
  const counted = (category: CategoryEntry) => {
    const count = counts?.get(category.id);
    return count === undefined ? undefined : `${category.name}, ${count} ${count === 1 ? 'product' : 'products'}`;
  };
  const children = categories.filter((category) => category.parentId === (current ?? null));
  return (
    <nav aria-label="Categories" className={styles.nav}>
      {/* At the top level the trail would say only "All products": the categories alone are shown. */}
      <ol className={styles.trail} hidden={!current}>
        <li>
          {current ? <Link to={hrefFor(undefined)}>All products</Link> : <span aria-current="page">All products</span>}
        </li>
        {path.map((category, index) => (
          <li key={category.id}>
            {index === path.length - 1 ? (
              <span aria-current="page">{category.name}</span>
            ) : (
              <Link to={hrefFor(category.id)}>{category.name}</Link>
            )}
          </li>
        ))}
      </ol>
      {children.length > 0 && (
        <ul
          className={styles.children}
          aria-label={current ? `In ${path.at(-1)?.name ?? 'this category'}` : 'Shop by category'}
        >
          {children.map((category) => (
            <li key={category.id}>
              <Link
                className={styles.chip}
                to={hrefFor(category.id)}
                // Said in words once counted: "Thermometers, 3 products" (the count alone would run into the name).
                aria-label={counted(category)}
                data-empty={counts?.get(category.id) === 0 || undefined}
              >
                {category.name}
                {counts?.has(category.id) && <span className={styles.count}>{counts.get(category.id)}</span>}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </nav>
  );
}
