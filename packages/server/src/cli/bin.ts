/** The `bidfields-server` executable. */
import { processIO, runProcess } from 'bidfields/cli-commands';
import { serverCommands } from './index.js';

runProcess('bidfields-server', serverCommands, processIO());
