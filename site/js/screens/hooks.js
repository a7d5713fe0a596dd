// The two subscriptions every screen uses: re-render when an open encounter (Session) or the
// app (its engine, description, list of sessions) changes.
import { useEffect, useReducer, useRef } from "../../vendor/preact-htm.mjs";

/** Re-render on every change of `session`'s data (not when a request is merely queued: see
 * useBusy); returns it. */
export function useSession(session) {
  const [, force] = useReducer((n) => n + 1, 0);
  useEffect(() => {
    const unsubscribe = session.subscribe((_, what) => { if (what !== "busy") force(); });
    force(); // it may have changed between the first render and this effect
    return unsubscribe;
  }, [session]);
  return session;
}

/** Whether `session` has requests under way, re-rendering only the caller when that flips: a
 * tap marks a few buttons busy without redrawing the whole screen. */
export function useBusy(session) {
  const [, force] = useReducer((n) => n + 1, 0);
  const busy = session.pending > 0;
  const shown = useRef(busy);
  shown.current = busy;
  useEffect(() => {
    const flipped = () => { if ((session.pending > 0) !== shown.current) force(); };
    flipped(); // it may have flipped between the render and this effect
    return session.subscribe(flipped);
  }, [session]);
  return busy;
}

/** `apply(event, options)` for a screen's taps: the same event sent again while it is on its way
 * is not applied twice (a double tap on a phone is two clicks: a second Resolve would be a second
 * exchange with the same dice, a second heal another heal); the second tap gets the first's answer. */
export function useTapApply(session) {
  const onTheWay = useRef(new Map());
  return (event, options) => {
    const key = JSON.stringify(event);
    const sent = onTheWay.current.get(key);
    if (sent) return sent;
    const answer = session.apply(event, options).finally(() => onTheWay.current.delete(key));
    onTheWay.current.set(key, answer);
    return answer;
  };
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
