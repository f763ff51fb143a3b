// /admin/categories (issue 34): the catalogue's category tree, for admins to build: add a category (at the top level or
// under another), rename or move one (with what it holds), delete one (never one with subcategories; one with products
// only with a category to move them to, chosen in the dialog). Each level by name, as shoppers see it. The shop's own
// messages are shown where they belong: at the field, or in the dialog.
import { gql } from '@apollo/client';
import { useMutation } from '@apollo/client/react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { checkCategoryName } from '@shop-rules/category-rules';
import { isRuleViolation } from '@shop-rules/rule-violation';
import { Button } from '@/components/button';
import { surface } from '@/components/card';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Alert, EmptyState } from '@/components/feedback';
import { SelectField, TextField } from '@/components/field';
import { Page } from '@/components/page';
import {
  CategoriesDocument,
  CreateCategoryDocument,
  DeleteCategoryDocument,
  UpdateCategoryDocument,
} from '@/gql/graphql';
import { type CategoryEntry, pathTo, useCategories } from '@/lib/categories';
import styles from './category-admin.module.css';

if (false) {
  gql`
    mutation CreateCategory($input: CreateCategoryInput!) {
      createCategory(input: $input) {
        category {
          id
        }
        userErrors {
          message
          field
        }
      }
    }

    mutation UpdateCategory($input: UpdateCategoryInput!) {
      updateCategory(input: $input) {
        category {
          id
          name
        }
        userErrors {
          message
          field
        }
      }
    }

    mutation DeleteCategory($input: DeleteCategoryInput!) {
      deleteCategory(input: $input) {
        deletedCategoryId
        userErrors {
          message
          field
        }
      }
    }
  `;
}

/**
 * Every change made is followed by the tree as the shop now has it (a move can change several levels at once); a
 * refused one changes nothing, and asks for nothing.
 */
const AFTER_CHANGE = {
  refetchQueries: (result: { data?: unknown }) => {
    const payload = Object.values((result.data ?? {}) as Record<string, { userErrors?: unknown[] } | null>)[0];
    return payload && (payload.userErrors?.length ?? 0) === 0 ? [CategoriesDocument] : [];
  },
  awaitRefetchQueries: true,
};

/** The category and every one under it, by id. */
function subtreeIds(categories: readonly CategoryEntry[], id: string): Set<string> {
  const ids = [id];
  for (let index = 0; index < ids.length; index += 1)
    for (const category of categories) if (category.parentId === ids[index]) ids.push(category.id);
  return new Set(ids);
}

/** Each category as its path reads ("Diagnostics › Thermometers"), by that path, leaving out `except`. */
function placesOf(categories: readonly CategoryEntry[], except: Set<string> = new Set()) {
  return categories
    .filter((category) => !except.has(category.id))
    .map((category) => ({
      id: category.id,
      label: pathTo(categories, category.id)
        .map((step) => step.name)
        .join(' › '),
    }))
    .sort((one, other) => one.label.localeCompare(other.label, 'en'));
}

interface CategoryFormValues {
  name: string;
  parentId: string;
}

const nameRule = (value: string) => {
  const checked = checkCategoryName(value);
  return isRuleViolation(checked) ? checked.message : true;
};

/** A category's name and place: adding one (no `category`), or renaming and moving one. */
function CategoryForm({
  categories,
  category,
  onDone,
}: {
  categories: readonly CategoryEntry[];
  category?: CategoryEntry;
  onDone(): void;
}) {
  const [create] = useMutation(CreateCategoryDocument, AFTER_CHANGE);
  const [update] = useMutation(UpdateCategoryDocument, AFTER_CHANGE);
  const [failure, setFailure] = useState<string>();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<CategoryFormValues>({
    defaultValues: { name: category?.name ?? '', parentId: category?.parentId ?? '' },
  });
  const places = placesOf(categories, category ? subtreeIds(categories, category.id) : undefined);
  const submit = handleSubmit(async ({ name, parentId }) => {
    setFailure(undefined);
    const fields = { name: name.trim(), parentId: parentId || null };
    try {
      const { data } = category
        ? await update({ variables: { input: { id: category.id, ...fields } } })
        : await create({ variables: { input: fields } });
      const problems = (data && ('updateCategory' in data ? data.updateCategory : data.createCategory))?.userErrors;
      const problem = problems?.[0];
      if (problem) {
        if (problem.field === 'name' || problem.field === 'parentId')
          setError(problem.field, { message: problem.message });
        else setFailure(problem.message);
        return;
      }
      if (!category) reset({ name: '', parentId: fields.parentId ?? '' });
      onDone();
    } catch {
      setFailure(
        category ? 'Failed to save the category. Please try again.' : 'Failed to add the category. Please try again.',
      );
    }
  });
  return (
    <form
      className={category ? styles.editForm : surface(styles.addForm)}
      onSubmit={submit}
      noValidate
      aria-label={category ? `Edit ${category.name}` : 'New category'}
    >
      {!category && <h2 className={styles.formTitle}>New category</h2>}
      {failure && <Alert tone="error">{failure}</Alert>}
      <div className={styles.fields}>
        <TextField
          label="Name"
          required
          autoComplete="off"
          error={errors.name?.message}
          {...register('name', { validate: nameRule })}
        />
        <SelectField label="Under" error={errors.parentId?.message} {...register('parentId')}>
          <option value="">The top level</option>
          {places.map((place) => (
            <option key={place.id} value={place.id}>
              {place.label}
            </option>
          ))}
        </SelectField>
      </div>
      <div className={styles.buttons}>
        <Button type="submit" size={category ? 'small' : undefined} disabled={isSubmitting}>
          {isSubmitting ? 'Saving...' : category ? 'Save' : 'Add category'}
        </Button>
        {category && (
          <Button variant="secondary" size="small" onClick={onDone}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}

interface Deleting {
  category: CategoryEntry;
  moveTo: string;
}

export function CategoryAdminRoute() {
  const { categories, loading } = useCategories();
  const [editing, setEditing] = useState<string>();
  const [deleting, setDeleting] = useState<Deleting>();
  const [deleteError, setDeleteError] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const [remove, { loading: removing }] = useMutation(DeleteCategoryDocument, AFTER_CHANGE);
  const moveToId = useId();

  const confirmDelete = async () => {
    if (!deleting) return;
    setDeleteError(undefined);
    try {
      const { data } = await remove({
        variables: { input: { id: deleting.category.id, moveProductsTo: deleting.moveTo || null } },
      });
      const problem = data?.deleteCategory.userErrors[0];
      if (problem) setDeleteError(problem.message);
      else {
        setNotice(`“${deleting.category.name}” was deleted.`);
        setDeleting(undefined);
      }
    } catch {
      setDeleteError('Failed to delete the category. Please try again.');
    }
  };

  const branch = (parentId: string | null, depth: number) => {
    const children = categories.filter((category) => category.parentId === parentId);
    if (children.length === 0) return null;
    return (
      <ul className={depth === 0 ? styles.tree : styles.subtree}>
        {children.map((category) => (
          <li key={category.id}>
            {editing === category.id ? (
              <CategoryForm categories={categories} category={category} onDone={() => setEditing(undefined)} />
            ) : (
              <div className={styles.row}>
                <Link className={styles.name} to={`/?category=${encodeURIComponent(category.id)}`}>
                  {category.name}
                </Link>
                <div className={styles.actions}>
                  <Button
                    variant="secondary"
                    size="small"
                    aria-label={`Edit ${category.name}`}
                    onClick={() => {
                      setNotice(undefined);
                      setEditing(category.id);
                    }}
                  >
                    Edit
                  </Button>
                  <Button
                    variant="dangerOutline"
                    size="small"
                    aria-label={`Delete ${category.name}`}
                    onClick={() => {
                      setNotice(undefined);
                      setDeleteError(undefined);
                      setDeleting({ category, moveTo: '' });
                    }}
                  >
                    Delete
                  </Button>
                </div>
              </div>
            )}
            {branch(category.id, depth + 1)}
          </li>
        ))}
      </ul>
    );
  };

  return (
    <Page title="Categories">
      <CategoryForm categories={categories} onDone={() => setNotice(undefined)} />
      {notice && <Alert tone="success">{notice}</Alert>}
      {loading ? (
        <p className={styles.loading}>Loading...</p>
      ) : categories.length === 0 ? (
        <EmptyState title="No categories yet" hint="Add the first one above: shoppers browse the catalogue by them." />
      ) : (
        <section className={surface(styles.treePanel)} aria-label="Category tree">
          {branch(null, 0)}
        </section>
      )}
      <ConfirmDialog
        open={deleting !== undefined}
        title={`Delete “${deleting?.category.name ?? ''}”?`}
        description="Its products can move to another category first; a category with subcategories cannot be deleted."
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={removing}
        error={deleteError}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(undefined)}
      >
        {deleting && (
          <SelectField
            id={moveToId}
            label="Move its products to"
            value={deleting.moveTo}
            onChange={(event) => setDeleting({ ...deleting, moveTo: event.target.value })}
          >
            <option value="">Nowhere (it holds none)</option>
            {placesOf(categories, subtreeIds(categories, deleting.category.id)).map((place) => (
              <option key={place.id} value={place.id}>
                {place.label}
              </option>
            ))}
          </SelectField>
        )}
      </ConfirmDialog>
    </Page>
  );
}
