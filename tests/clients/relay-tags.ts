// What babel-plugin-relay does in a Relay app's build, done for the Relay client's documents (tests/clients/relay/):
// each graphql`…` tag becomes an import of the artifact relay-compiler made of it, found by the name of the document
// it holds. relay-runtime's own `graphql` throws when it is called: a tag left in place would fail the test.
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * Where global-setup.ts had relay-compiler write the artifacts (an environment variable: both run in vitest's process).
 */
export const RELAY_ARTIFACTS_VARIABLE = 'MEDSHOP_RELAY_ARTIFACTS';

const RELAY_DOCUMENTS = `${path.sep}tests${path.sep}clients${path.sep}relay${path.sep}`;
const TAG = /\bgraphql`([^`]*)`/g;
const DOCUMENT_NAME = /^\s*(?:query|mutation|subscription|fragment)\s+([A-Za-z_]\w*)/;

export function relayTags(): Plugin {
  return {
    name: 'medshop:relay-tags',
    enforce: 'pre',
    transform(code, id) {
      if (!id.includes(RELAY_DOCUMENTS) || !code.includes('graphql`')) return null;
      const artifactDirectory = process.env[RELAY_ARTIFACTS_VARIABLE];
      if (!artifactDirectory)
        throw new Error(
          `${id}: no Relay artifacts (tests/clients/global-setup.ts compiles them for the clients project)`,
        );
      const imports: string[] = [];
      const replaced = code.replace(TAG, (_tag, text: string) => {
        const name = DOCUMENT_NAME.exec(text)?.[1];
        if (!name)
          throw new Error(`${id}: a graphql tag that does not start with a named document: ${text.slice(0, 60)}`);
        const local = `${name}$artifact`;
        imports.push(`import ${local} from ${JSON.stringify(path.join(artifactDirectory, `${name}.graphql.ts`))};`);
        // As many lines as the tag had, so that the lines of stack traces are the source's.
        return local + '\n'.repeat(text.split('\n').length - 1);
      });
      // On the first line, before what was there: every other line keeps its number.
      return { code: imports.join(' ') + replaced, map: null };
    },
  };
}
