// The two subscriptions every screen uses: re-render when an open encounter (Session) or the
// app (its engine, description, list of sessions) changes.
import { useEffect, useReducer } from "../../vendor/preact-htm.mjs";

/** Re-render on every change of `session`; returns it. */
export function useSession(session) {
  const [, force] = useReducer((n) => n + 1, 0);
  useEffect(() => {
    const unsubscribe = session.subscribe(force);
    force(); // it may have changed between the first render and this effect
    return unsubscribe;
  }, [session]);
  return session;
}

/** Re-render on every app.notify(); returns a function that re-renders at will (after a change
 * of storage that notifies no one). */
export function useApp(app) {
  const [, force] = useReducer((n) => n + 1, 0);
  useEffect(() => {
    app.listeners.add(force);
    force(); // it may have changed between the first render and this effect
    return () => app.listeners.delete(force);
  }, [app]);
  return force;
}
