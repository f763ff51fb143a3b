// What tests compare of a GraphQL answer.

/**
 * An answer as the tests of other things compare it: without the `extensions.cost` every answer carries (its figures
 * change with each caller's spending; gateway/test/cost-allowance.test.ts asserts them), and without an `extensions`
 * left empty by that.
 */
export function withoutCost<T>(answer: T): T {
  if (!answer || typeof answer !== 'object' || !('extensions' in answer)) return answer;
  const { extensions, ...rest } = answer as { extensions?: Record<string, unknown> };
  const { cost: _cost, ...others } = extensions ?? {};
  return (Object.keys(others).length > 0 ? { ...rest, extensions: others } : rest) as T;
}
