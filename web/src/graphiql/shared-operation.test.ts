import { describe, expect, it } from 'vitest';
import { sharedOperation } from './shared-operation';

describe('the operation an address shares with the explorer', () => {
  it('reads the document, its variables and the operation’s name, as they were written', () => {
    const query = 'query A { __typename }\nquery B($n: Int) { products(first: $n) { totalCount } }';
    const search = `?${new URLSearchParams({ query, variables: '{"n": 2}', operationName: 'B', tab: '1' })}`;
    expect(sharedOperation(search)).toEqual({ query, variables: '{"n": 2}', operationName: 'B' });
  });

  it('leaves out what is absent or blank, so that the explorer opens as it would', () => {
    expect(sharedOperation('')).toEqual({});
    expect(sharedOperation('?query=&variables=%20&operationName=')).toEqual({});
    expect(sharedOperation('?query=%7B%20__typename%20%7D')).toEqual({ query: '{ __typename }' });
  });
});
