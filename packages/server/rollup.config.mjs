// Builds dist/ of @bidfields/server (../../scripts/rollup-node.mjs): the package's entry as ESM (+ CommonJS for
// require()), its command registry (`@bidfields/server/cli`, what `bidfields serve` runs) and the `bidfields-server`
// executable. bidfields itself, the other runtime dependencies and Node built-ins stay external: the server uses the
// library by its public exports. The console is built by rollup.console.config.mjs.
import { nodeBuilds } from '../../scripts/rollup-node.mjs';

export default nodeBuilds({
  packageJson: new URL('./package.json', import.meta.url),
  entries: { index: 'src/index.ts' },
  esmOnly: { commands: 'src/cli/index.ts', cli: 'src/cli/bin.ts' },
  exclude: ['src/console/**'],
});
