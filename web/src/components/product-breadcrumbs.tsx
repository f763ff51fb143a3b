// A product's categories as breadcrumbs on its page (issue 34): each one's path from the top, each step a link to that
// category's listing. Nothing until they come, nor where the shop keeps no categories.
import { Link } from 'react-router-dom';
import { categoryHref, useProductCategories } from '@/lib/categories';
import styles from './category-nav.module.css';

export function ProductBreadcrumbs({ productId }: { productId: string }) {
  const categories = useProductCategories(productId);
  if (categories.length === 0) return null;
  return (
    <nav aria-label="Categories of this product" className={styles.nav}>
      {categories.map((category) => (
        <ol key={category.id} className={styles.trail}>
          {category.path.map((step) => (
            <li key={step.id}>
              <Link to={categoryHref(step.id)}>{step.name}</Link>
            </li>
          ))}
        </ol>
      ))}
    </nav>
  );
}
