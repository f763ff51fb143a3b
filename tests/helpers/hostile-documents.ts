// Documents an attacker might send the gateway, built the same way for the tests of its checks
// (gateway/src/document-shape.test.ts) and for the bench that times them (bench/document-checks.ts).

/** Fields of User a document may ask for, to vary what many fragments select. */
export const USER_FIELDS = [
  'id',
  'username',
  'email',
  'firstName',
  'lastName',
  'phoneNumber',
  'address',
  'createdAt',
  'isAdmin',
  'roles',
  'unreadMessageCount',
  '__typename',
];

/**
 * `query Q { ...F4 }` where each Fn spreads Fn-1 a hundred times: 2.5 KB asking for 10⁸ times F0 (whose selection is
 * `leaf`).
 */
export function fragmentBomb(leaf: string): string {
  let text = `query Q { ...F4 } fragment F0 on Query { ${leaf} } `;
  for (let n = 1; n <= 4; n += 1) text += `fragment F${n} on Query { ${`...F${n - 1} `.repeat(100)}} `;
  return text;
}

/**
 * Fj spreads Fj+1 and every fragment before it, each under a field of its own: walked spread out, every path through
 * the cycles.
 */
export function fragmentChain(length: number): string {
  let text = `query Q { ...F1 ...F${length} } `;
  for (let j = 1; j <= length; j += 1) {
    const spreads = [
      ...(j < length ? [`...F${j + 1}`] : []),
      ...Array.from({ length: j - 1 }, (_, i) => `...F${i + 1}`),
    ];
    text += `fragment F${j} on Query { x${j}: viewer { id ${spreads.join(' ')} } } `;
  }
  return text;
}

/** `count` fragments named `<prefix>0…`, each asking one field of User, all spread in one place under viewer. */
export function fragmentsInOnePlace(count: number, prefix: string): string {
  const names = Array.from({ length: count }, (_, i) => `${prefix}${i}`);
  return `{ viewer { ${names.map((name) => `...${name}`).join(' ')} } } ${names.map((name, i) => `fragment ${name} on User { ${USER_FIELDS[i % USER_FIELDS.length]} }`).join(' ')}`;
}
