// Packs both packages as npm would publish them: `node scripts/pack.mjs [OUTDIR]` writes bidfields-<v>.tgz (the
// library, the repository's root) and bidfields-server-<v>.tgz (packages/server) to OUTDIR (default: .) and prints
// their paths as JSON. In the repository the server depends on the library as `file:../..` (npm workspaces link
// it); the packed server depends on `^<the library's version>`, as it will be installed from the registry. Run it
// after `npm run build`.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const out = path.resolve(process.argv[2] ?? '.');
fs.mkdirSync(out, { recursive: true });
const npm = (args, cwd) => JSON.parse(execFileSync('npm', [...args, '--json'], { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }));

const library = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const [packedLibrary] = npm(['pack', '--pack-destination', out], root);

// The server from a copy of its folder: its files, and its manifest with the library's range.
const serverDir = path.join(root, 'packages/server');
const manifest = JSON.parse(fs.readFileSync(path.join(serverDir, 'package.json'), 'utf8'));
if (!manifest.dependencies?.bidfields?.startsWith('file:')) throw new Error('packages/server/package.json should depend on bidfields as file:../..');
manifest.dependencies.bidfields = `^${library.version}`;
const staging = fs.mkdtempSync(path.join(os.tmpdir(), 'bidfields-server-pack-'));
try {
  for (const entry of [...manifest.files, 'README.md']) {
    const from = path.join(serverDir, entry);
    if (fs.existsSync(from)) fs.cpSync(from, path.join(staging, entry), { recursive: true });
  }
  fs.writeFileSync(path.join(staging, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  const [packedServer] = npm(['pack', '--pack-destination', out], staging);
  console.log(JSON.stringify({ library: path.join(out, packedLibrary.filename), server: path.join(out, packedServer.filename) }));
} finally {
  fs.rmSync(staging, { recursive: true, force: true });
}
