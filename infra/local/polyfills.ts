// aws-local-stepfunctions calls Promise.withResolvers, which Node 20 lacks (Node 22 has it).
// npm scripts run the pinned Node 22, but a plain `node` 20 must not break the local stack.
// Defined as the built-in is (not enumerable); the ES2023 lib the project compiles against does not declare it.
if (typeof Reflect.get(Promise, 'withResolvers') !== 'function') {
  Object.defineProperty(Promise, 'withResolvers', {
    configurable: true,
    writable: true,
    value: <T>() => {
      let resolve!: (v: T) => void;
      let reject!: (e: unknown) => void;
      const promise = new Promise<T>((res, rej) => {
        resolve = res;
        reject = rej;
      });
      return { promise, resolve, reject };
    },
  });
}
export {};
