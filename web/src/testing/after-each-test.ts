// What a testing module must undo after every test (a shop client stopped, an observer disconnected), registered once
// when the module is first imported. The web tests share their modules from file to file (`isolate: false`): a hook
// such a module registered itself would run in the first file that imported it only. setup.ts, run before every
// file, runs these after each test.
const undoAfterEachTest: (() => void)[] = [];

/** Runs `undo` after every test of every file from now on. */
export function afterEachTest(undo: () => void): void {
  undoAfterEachTest.push(undo);
}

export function runAfterEachTest(): void {
  for (const undo of undoAfterEachTest) undo();
}
