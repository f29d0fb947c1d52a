/*
 * The permission matrix's hold on the route table (docs/decisions.md D55): an entry's call must
 * reach the operation the entry is written for.
 */

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The addresses an operation of the OpenAPI document answers (`GET /posts/{id}.json`): each
 * `{param}` is one path segment, or part of one, as the router reads it.
 */
export function operationPattern(operation: string): RegExp {
  const template = operation.slice(operation.indexOf(' ') + 1);
  const source = template
    .split(/(\{[^}]+\})/)
    .map((part) => (part.startsWith('{') ? '[^/]+' : escapeRegExp(part)))
    .join('');
  return new RegExp(`^${source}$`);
}

/**
 * Why `path` (below the API prefix, with its query) is not a call of `operation`, or undefined
 * when it is one: the method is the entry's own, so only the address can stray.
 */
export function strayCall(operation: string, path: string): string | undefined {
  const [address = ''] = path.split('?');
  if (operationPattern(operation).test(address)) return undefined;
  return `the call goes to ${address}, which is not ${operation}: the entry must call its own operation`;
}
