// Work to finish with the signed-in token before signing out revokes it (the navigation tracker
// sends what is unsynced and ends its analytics session: the server files events only for a live
// session). Each hook gets at most a moment, so signing out is never held up for long.
type Hook = () => Promise<void> | void;

const hooks = new Set<Hook>();

/** Registers a hook; returns the function that removes it. */
export function onBeforeSignOut(hook: Hook): () => void {
  hooks.add(hook);
  return () => {
    hooks.delete(hook);
  };
}

/** Runs every hook, waiting at most `timeoutMs` for them all; their failures are ignored. */
export async function runBeforeSignOut(timeoutMs = 2000): Promise<void> {
  if (hooks.size === 0) return;
  const all = Promise.allSettled([...hooks].map(async (hook) => hook()));
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)));
  try {
    await Promise.race([all, late]);
  } finally {
    clearTimeout(timer);
  }
}
