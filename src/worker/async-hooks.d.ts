// The part of `node:async_hooks` the Workers runtime provides with the `nodejs_als` flag
// (https://developers.cloudflare.com/workers/runtime-apis/nodejs/asynclocalstorage/).
declare module "node:async_hooks" {
  export class AsyncLocalStorage<T> {
    run<R>(store: T, fn: () => R): R;
    getStore(): T | undefined;
  }
}
