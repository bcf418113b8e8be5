// Preloaded into a `bidfields serve` under test (node --import): writes one line to file descriptor 3 when the
// first request reaches the server's handler, so a test can send its signal at that moment rather than after a
// guessed delay.
import fs from 'node:fs';
import http from 'node:http';

const emit = http.Server.prototype.emit;
let marked = false;
http.Server.prototype.emit = function emitMarked(event, ...args) {
  if (event === 'request' && !marked) {
    marked = true;
    fs.writeSync(3, 'request\n');
  }
  return emit.call(this, event, ...args);
};
