/**
 * Module resolve hook for start-up-packages.test.ts: tells the port it is given (module.register's
 * `data`) the URL of every module resolved inside node_modules.
 */
let port;

export function initialize(data) {
  port = data.port;
}

export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  if (resolved.url.includes('/node_modules/')) port.postMessage(resolved.url);
  return resolved;
}
