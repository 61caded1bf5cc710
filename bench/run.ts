/** npm run bench: every benchmark, each with the baseline it is compared to, measured in this run. */
import { benchIdleMemory } from './idle-memory.js';
import { benchLogin } from './login.js';
import { table } from './lib.js';

table([await benchLogin(), ...(await benchIdleMemory())]);
