/** The `bidfields` executable. */
import { runProcess } from './main.js';
import { commands } from './commands/index.js';
import { processIO } from './io.js';

runProcess('bidfields', commands, processIO());
