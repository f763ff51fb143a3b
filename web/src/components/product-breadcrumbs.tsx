// A product's categories as breadcrumbs on its page (issue 34): each one's path from the top, each step a link to that
// category's listing. The paths come from the categories' tree the listing holds (asked for when the page is opened
// first), so a product opened from the listing shows them with no request. Nothing where the shop keeps no categories.
import { Link } from 'react-router-dom';
import { categoryHref, pathTo, useCategories } from '@/lib/categories';
import styles from './category-nav.module.css';

export function ProductBreadcrumbs({ categoryIds }: { categoryIds: readonly string[] }) {
  const { categories } = useCategories({ skip: categoryIds.length === 0 });
  const paths = categoryIds.map((id) => pathTo(categories, id)).filter((path) => path.length > 0);
  if (paths.length === 0) return null;
  return (
    <nav aria-label="Categories of this product" className={styles.nav}>
      {paths.map((path) => (
        <ol key={path.at(-1)!.id} className={styles.trail}>
          {path.map((step) => (
            <li key={step.id}>
              <Link to={categoryHref(step.id)}>{step.name}</Link>
            </li>
          ))}
        </ol>
      ))}
    </nav>
  );
}
