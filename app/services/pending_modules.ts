/**
 * The menu entries whose screen arrives with a later issue. The route kit's
 * pendingModule() records each path as it registers the route; sign-in never
 * lands a user on one of them.
 */
const pendingPaths = new Set<string>()

export function markPending(path: string) {
  pendingPaths.add(path)
}

export function isPending(path: string) {
  return pendingPaths.has(path)
}
