import { useEffect, useState } from 'react';
import { asError } from '../../api/api-error';

export type Answer<R> = { state: 'loading' } | { state: 'done'; data: R } | { state: 'failed'; error: Error };

/**
 * What the server says about a link, read once when the page opens. The public pages do without the query
 * library, which comes with the signed-in area (ADR 0035).
 */
export function useAnswer<R>(load: (token: string) => Promise<R>, token: string): Answer<R> {
  const [answer, setAnswer] = useState<{ token: string; answer: Answer<R> }>({
    token,
    answer: { state: 'loading' },
  });
  useEffect(() => {
    let current = true;
    load(token).then(
      (data) => current && setAnswer({ token, answer: { state: 'done', data } }),
      (thrown: unknown) =>
        current && setAnswer({ token, answer: { state: 'failed', error: asError(thrown) } }),
    );
    return () => {
      current = false;
    };
  }, [load, token]);
  return answer.token === token ? answer.answer : { state: 'loading' };
}
