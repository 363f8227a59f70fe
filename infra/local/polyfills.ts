// aws-local-stepfunctions calls Promise.withResolvers, which Node 20 lacks (Node 22 has it).
// npm scripts run the pinned Node 22, but a plain `node` 20 must not break the local stack.
const P = Promise as unknown as { withResolvers?: <T>() => { promise: Promise<T>; resolve: (v: T) => void; reject: (e: unknown) => void } };
if (typeof P.withResolvers !== 'function') {
  P.withResolvers = <T>() => {
    let resolve!: (v: T) => void;
    let reject!: (e: unknown) => void;
    const promise = new Promise<T>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    return { promise, resolve, reject };
  };
}
export {};
