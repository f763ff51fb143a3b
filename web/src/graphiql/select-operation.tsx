// The operation an address names (?operationName=), chosen as a person chooses one in GraphiQL: the cursor is put at
// its start, once, when the editor has read the document. Ctrl+Enter then runs it and the tab takes its name; what the
// person does afterwards is theirs. (GraphiQL's own `operationName` prop would not do: it overrides the operation of
// every request for the page's life, whichever the person picks later.)
import { useGraphiQL, useGraphiQLActions } from '@graphiql/react';
import { useEffect, useRef } from 'react';

export function SelectOperation({ name }: { name: string }) {
  const queryEditor = useGraphiQL((state) => state.queryEditor);
  const operations = useGraphiQL((state) => state.operations);
  const { setOperationName } = useGraphiQLActions();
  const chosen = useRef(false);
  useEffect(() => {
    const model = queryEditor?.getModel();
    if (chosen.current || !queryEditor || !model || !operations?.length) return;
    // The first document the editor reads is the one the address shared: its operations decide, found or not.
    chosen.current = true;
    const operation = operations.find((candidate) => candidate.name?.value === name);
    if (!operation?.loc) return;
    const start = model.getPositionAt(operation.loc.start);
    queryEditor.setPosition(start);
    queryEditor.revealLineNearTop(start.lineNumber);
    setOperationName(name);
  }, [queryEditor, operations, name, setOperationName]);
  return null;
}
