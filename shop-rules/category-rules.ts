// The catalogue's categories (issue 34): a tree admins manage, shared by the REST service (extension
// product-categories), the gateway (the graph's Category and its mutations) and the web app (the listing's navigation,
// the admin's Categories page).
import type { RuleViolation } from './rule-violation.js';
import { isSingleLine, notSingleLine } from './text-rules.js';

export const MAX_CATEGORY_NAME_LENGTH = 60;
/** Levels at most, a top-level category's being the first (Wound care › Dressings › Foam is three). */
export const MAX_CATEGORY_DEPTH = 4;

export const CATEGORY_LOOP = 'A category cannot go under itself or one of its own subcategories';
export const CATEGORY_TOO_DEEP = `Categories go at most ${MAX_CATEGORY_DEPTH} levels deep`;

/** A category's name as kept (trimmed), or why it cannot be one. */
export function checkCategoryName(name: string | null | undefined): string | RuleViolation<'name'> {
  const trimmed = (name ?? '').trim();
  if (!trimmed) return { message: 'Name is required', field: 'name' };
  if (trimmed.length > MAX_CATEGORY_NAME_LENGTH)
    return { message: `Name must be at most ${MAX_CATEGORY_NAME_LENGTH} characters long`, field: 'name' };
  if (!isSingleLine(trimmed)) return { message: notSingleLine('Name'), field: 'name' };
  return trimmed;
}

/** A name as siblings are compared: in any case ("Dressings" and "dressings" cannot both be under Wound care). */
export const categoryNameKey = (name: string) => name.toLocaleLowerCase('en');

export interface CategoryNode {
  id: number;
  parentId: number | null;
}

/** The category's ancestors, its parent first, from a list of the whole tree. */
export function ancestorsOf<Category extends CategoryNode>(tree: readonly Category[], id: number): Category[] {
  const byId = new Map(tree.map((category) => [category.id, category]));
  const ancestors: Category[] = [];
  for (let parent = byId.get(id)?.parentId; parent != null && ancestors.length <= tree.length;) {
    const category = byId.get(parent);
    if (!category) break;
    ancestors.push(category);
    parent = category.parentId;
  }
  return ancestors;
}

/** The category and every category under it, at any depth, by id. */
export function subtreeOf(tree: readonly CategoryNode[], id: number): number[] {
  const ids = [id];
  for (let index = 0; index < ids.length; index += 1)
    for (const category of tree) if (category.parentId === ids[index]) ids.push(category.id);
  return ids;
}

/**
 * Why a category cannot go under `parentId` (null: the top level) in this tree, or undefined when it can: not under
 * itself or one of its subcategories, and no deeper than MAX_CATEGORY_DEPTH with what it holds.
 */
export function checkCategoryPlace(
  tree: readonly CategoryNode[],
  id: number | undefined,
  parentId: number | null,
): RuleViolation<'parentId'> | undefined {
  if (parentId === null) return undefined;
  const moved = id === undefined ? [] : subtreeOf(tree, id);
  if (moved.includes(parentId)) return { message: CATEGORY_LOOP, field: 'parentId' };
  // Its depth below itself: 0 for a new one or a leaf.
  const depthOf = (node: number): number => 1 + ancestorsOf(tree, node).length;
  const below = id === undefined ? 0 : Math.max(...moved.map((node) => depthOf(node) - depthOf(id)));
  if (depthOf(parentId) + 1 + below > MAX_CATEGORY_DEPTH) return { message: CATEGORY_TOO_DEEP, field: 'parentId' };
  return undefined;
}
