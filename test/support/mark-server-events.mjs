// Preloaded into a `bidfields serve` under test (node --import): writes a line to file descriptor 3 for each
// connection the server accepts (`connection`) and each request that reaches its handler (`request`), so a test
// can act at those moments (send a signal once the first report arrives, write once a connection is the server's)
// rather than after a guessed delay, which a busy machine outlasts.
import fs from 'node:fs';
import http from 'node:http';

const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function emitMarked(event, ...args) {
  if (event === 'request' || event === 'connection') fs.writeSync(3, `${event}\n`);
  return emit.call(this, event, ...args);
};
