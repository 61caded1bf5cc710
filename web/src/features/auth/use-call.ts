import { useEffect, useRef, useState } from 'react';
import { asError } from '../../api/api-error';

interface Handlers<R> {
  onSuccess?: (answer: R) => void;
  onError?: (error: Error) => void;
}

interface CallState<R> {
  isPending: boolean;
  error: Error | null;
  /** The latest call's answer. */
  data: R | undefined;
}

const idle = { isPending: false, error: null, data: undefined };

/**
 * A call to the server with its state (pending, the last error), as useMutation gives it but without the query
 * library, which the sign-in screens do not load (ADR 0035). Only the latest call's handlers run, and none
 * after `reset` or once the screen has gone.
 */
export function useCall<A, R>(send: (args: A) => Promise<R>) {
  const [state, setState] = useState<CallState<R>>(idle);
  const latest = useRef(0);
  useEffect(
    () => () => {
      latest.current++;
    },
    [],
  );

  const mutate = (args: A, handlers: Handlers<R> = {}) => {
    const call = ++latest.current;
    setState({ isPending: true, error: null, data: undefined });
    send(args).then(
      (answer) => {
        if (call !== latest.current) return;
        setState({ isPending: false, error: null, data: answer });
        handlers.onSuccess?.(answer);
      },
      (thrown: unknown) => {
        if (call !== latest.current) return;
        const error = asError(thrown);
        setState({ isPending: false, error, data: undefined });
        handlers.onError?.(error);
      },
    );
  };
  const reset = () => {
    latest.current++;
    setState(idle);
  };
  return { ...state, isError: state.error !== null, mutate, reset };
}
