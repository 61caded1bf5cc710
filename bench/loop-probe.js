/**
 * Loaded into a server process the bench starts (`node --import bench/loop-probe.js server/dist/main.js`),
 * never into the portal itself: the server measures its own event-loop delay and hands the longest since the
 * last question to the bench over the IPC channel the bench opened. Without BENCH_LOOP_PROBE=1 and that
 * channel it does nothing, so the same built server is measured on any checkout, old or new.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';

if (process.env.BENCH_LOOP_PROBE === '1' && process.send) {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  process.on('message', (message) => {
    if (message !== 'loop-probe') return;
    process.send?.({ maxMs: delay.max / 1e6 });
    delay.reset();
  });
  // The channel must not keep a server alive that would otherwise stop.
  process.channel?.unref();
}
