/**
 * One field save (POST /api/student) at 20 connections on PGlite, next to a bare Fastify route that parses the
 * same JSON body, in the same run.
 */
import Fastify from 'fastify';
import { startBenchApp, signIn } from './bench-app.js';
import { fmt, load } from './lib.js';

export async function benchFieldSave(): Promise<Record<string, string | number>[]> {
  const b = await startBenchApp();
  const { token, cookie } = await signIn(b);
  let n = 0;
  const save = await load({
    url: `${b.url}/api/student`,
    method: 'POST',
    connections: 20,
    duration: 10,
    headers: { 'content-type': 'application/json', 'x-xsrf-token': token, cookie },
    requests: [
      {
        // A different value each time, so every request writes a row and an audit entry.
        setupRequest: (req) => ({
          ...req,
          body: JSON.stringify({ id: b.student.id, home_address: `${++n} Frederick Street` }),
        }),
      },
    ],
  });
  await b.close();

  const bare = Fastify();
  bare.post('/bare', async (request) => ({ message: 'Saved.', echo: (request.body as { id: string }).id }));
  const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });
  const baseline = await load({
    url: `${bareUrl}/bare`,
    method: 'POST',
    connections: 20,
    duration: 10,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ id: 'T1', home_address: '1 Frederick Street' }),
  });
  await bare.close();
  return [
    {
      benchmark: 'field save POST /api/student (PGlite, 20 conn)',
      'req/s': fmt(save.requestsPerSecond),
      'p50 ms': save.p50,
      'p99 ms': save.p99,
      non2xx: save.non2xx,
    },
    {
      benchmark: 'baseline: bare Fastify JSON route (20 conn)',
      'req/s': fmt(baseline.requestsPerSecond),
      'p50 ms': baseline.p50,
      'p99 ms': baseline.p99,
      non2xx: baseline.non2xx,
      ratio: `save p50 / bare p50 = ${fmt(save.p50 / Math.max(baseline.p50, 0.001), 1)}`,
    },
  ];
}
