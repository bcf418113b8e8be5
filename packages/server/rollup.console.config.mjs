// Builds the console: the web page `bidfields serve` answers at `/`. One ES module script and one style
// sheet, both named by a hash of their content (so the server may let browsers cache them for good), and an
// index.html that loads them by those names: no inline script or style anywhere, so the page runs under a
// Content-Security-Policy without 'unsafe-inline' or 'unsafe-eval'. The bundled real requests of
// fixtures/requests (the library's) come in as the virtual module `virtual:bidfields-requests`.
import { sources } from '../../scripts/rollup-node.mjs';
import nodeResolve from '@rollup/plugin-node-resolve';
import terser from '@rollup/plugin-terser';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

const root = path.dirname(new URL(import.meta.url).pathname);
const REQUESTS = 'virtual:bidfields-requests';

/** `virtual:bidfields-requests`: `{ file name: request }` of every real request in fixtures/requests. */
function bundledRequests() {
  return {
    name: 'bidfields-requests',
    resolveId: (id) => (id === REQUESTS ? '\0' + REQUESTS : null),
    load(id) {
      if (id !== '\0' + REQUESTS) return null;
      const dir = path.join(root, '../../fixtures/requests');
      const requests = Object.fromEntries(
        fs
          .readdirSync(dir)
          .filter((file) => file.endsWith('.json'))
          .sort()
          .map((file) => [file.replace(/\.json$/, ''), JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'))]),
      );
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(requests))});`;
    },
  };
}

/** The style sheet (ours after uPlot's) as a hashed asset, and index.html naming the hashed files. */
function page() {
  return {
    name: 'bidfields-console-page',
    generateBundle(_options, bundle) {
      const css = [
        fs.readFileSync(createRequire(import.meta.url).resolve('uplot/dist/uPlot.min.css'), 'utf8'),
        fs.readFileSync(path.join(root, 'src/console/console.css'), 'utf8'),
      ].join('\n');
      const cssName = `assets/console-${createHash('sha256').update(css).digest('hex').slice(0, 12)}.css`;
      this.emitFile({ type: 'asset', fileName: cssName, source: css });
      const entry = Object.values(bundle).find((chunk) => chunk.type === 'chunk' && chunk.isEntry);
      const html = fs
        .readFileSync(path.join(root, 'src/console/index.html'), 'utf8')
        .replace('%STYLE%', `/${cssName}`)
        .replace('%SCRIPT%', `/${entry.fileName}`);
      this.emitFile({ type: 'asset', fileName: 'index.html', source: html });
    },
  };
}

export default {
  input: 'src/console/main.tsx',
  plugins: [
    bundledRequests(),
    nodeResolve({ browser: true, extensions: ['.mjs', '.js', '.json', '.ts', '.tsx'] }),
    sources({ include: ['src/**/*.ts', 'src/**/*.tsx'] }),
    terser(),
    page(),
  ],
  output: { dir: 'dist/console', format: 'esm', entryFileNames: 'assets/console-[hash].js', chunkFileNames: 'assets/[name]-[hash].js' },
};
