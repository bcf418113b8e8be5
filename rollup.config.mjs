// Builds dist/: the library entries as ESM (+ CommonJS for require()), and the `bidfields` CLI as ESM with its
// commands in lazily loaded chunks (scripts/rollup-node.mjs). Runtime dependencies and Node built-ins stay external.
import { nodeBuilds } from './scripts/rollup-node.mjs';

export default nodeBuilds({
  packageJson: new URL('./package.json', import.meta.url),
  // Each is in the exports map of package.json, also as CommonJS.
  entries: { index: 'src/index.ts', client: 'src/client/index.ts', api: 'src/api-contract/index.ts' },
  // ESM only: the conformance runner uses lodash-es, which only some Node 20 releases can require(); codegen is a
  // build tool, run from ES module build scripts; cli-commands serves ES module CLIs.
  esmOnly: { conformance: 'src/conformance/index.ts', codegen: 'src/codegen/index.ts', 'cli-commands': 'src/cli/kit.ts', cli: 'src/cli/bin.ts' },
});
