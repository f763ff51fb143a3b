// The graph explorer at /graphiql: GraphiQL, bundled by the web app's build and served by the gateway from the shop's
// own origin, so that it works with no internet (Apollo Sandbox, at /graphql, loads from Apollo's CDN). A page of its
// own: none of this is in the shop's bundle.
import './monaco-workers';
import { GraphiQL } from 'graphiql';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { DEFAULT_DOCUMENT, DEFAULT_HEADERS } from './defaults';
import { createShopFetcher } from './fetcher';
import { SelectOperation } from './select-operation';
import { sharedOperation } from './shared-operation';
import { explorerStorage } from './storage';
import 'graphiql/style.css';
import './explorer.css';

const fetcher = createShopFetcher(window.location);
// An operation the address shares (?query=&variables=&operationName=): opened in a tab, its variables in sight.
const shared = sharedOperation(window.location.search);

createRoot(document.getElementById('explorer')!).render(
  <StrictMode>
    <GraphiQL
      fetcher={fetcher}
      defaultQuery={DEFAULT_DOCUMENT}
      defaultHeaders={DEFAULT_HEADERS}
      initialQuery={shared.query}
      initialVariables={shared.variables}
      defaultEditorToolsVisibility={shared.variables ? 'variables' : 'headers'}
      // The shop's session token lives on this origin, and one pasted here should not be kept: tabs and history are
      // kept for this browser tab only (sessionStorage, not localStorage) and never with their headers, which a
      // reload empties (storage.ts). A password typed into LogIn goes with the tab.
      storage={explorerStorage(window.sessionStorage)}
      shouldPersistHeaders={false}
    >
      <GraphiQL.Logo>
        {/* The page's heading: the name in the corner says what the page is. */}
        <h1 className="explorer-title">
          <a className="graphiql-logo-link" href="/">
            Medshop{' '}
            <span className="explorer-logo-tool">
              Graph<em>i</em>QL
            </span>
          </a>
        </h1>
      </GraphiQL.Logo>
      {shared.operationName && <SelectOperation name={shared.operationName} />}
    </GraphiQL>
  </StrictMode>,
);
