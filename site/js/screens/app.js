// The table app: hash routes rendered with Preact + htm (vendored, no bundler).
//
//   #/          the encounters on this device (list-screen.js) — the dice panel shows below it
//   #/new, #/last   the install shortcuts (manifest.webmanifest): the list with its name field
//                      ready, and the encounter used last (#/e/<id>; the list when there is none)
//   #/e/<id>    one encounter: combatants, wound tracks, a round, the log
//   #/e/<id>/share, #/s/<fragment>, #/p/<fragment>[/<cid>]   sharing (share-screen.js, player-screen.js)
//   #/e/<id>/live      the live table: players' phones join and follow the fight (live-screen.js)
//   #/e/<id>/display   the table display: what players see, following this browser's other tab
//                      (table-display.js)
//
// Python owns every rule: screens render the view the engine returns (or, before Python is
// up, the last view saved for this encounter) and turn each tap into one event for
// Session.apply. Option lists, labels and ladder names come from the engine's `describe`.
import { html, render, useState, useEffect, useLayoutEffect, useErrorBoundary } from "../../vendor/preact-htm.mjs";
import * as encounterStore from "../data/encounter-store.js";
import * as prefsStore from "../data/prefs-store.js";
import { Session } from "../data/session.js";
import { EncounterScreen } from "./encounter-screen.js";
import { ListScreen } from "./list-screen.js";
import { shareRoute, ShareScreen, LinkScreen } from "./share-screen.js";
import { PlayerScreen, PlayersScreen } from "./player-screen.js";
import { TableDisplay } from "./table-display.js";
import { LiveScreen } from "./live-screen.js";
import { StorageNotice } from "../parts/storage-notice.js";
import { useApp } from "./hooks.js";

const kept = prefsStore.loadDescribe();
const app = {
  engine: null,
  ready: false,
  describe: kept?.describe ?? null,
  describeBuild: kept?.build ?? null, // the engine build that wrote the kept description
  sessions: new Map(),
  listeners: new Set(),
  notify() {
    for (const fn of this.listeners) fn();
  },
};

// <test-hooks>
globalThis.pyfudgeSessions = app.sessions; // the e2e tests race two tabs' Session.apply (test_trust_tabs.py)
// </test-hooks>

/** The current route from location.hash. */
export function route(hash = location.hash) {
  if (hash === "#/new") return { screen: "list", startNew: true };
  const match = /^#\/e\/([\w-]{1,64})(\/live)?$/.exec(hash);
  if (match) return { screen: match[2] ? "live" : "encounter", id: match[1] };
  return shareRoute(hash) ?? { screen: "list" };
}

function session(id) {
  let s = app.sessions.get(id);
  if (!s) {
    s = new Session(app.engine, id);
    app.sessions.set(id, s);
    s.subscribe((_, what) => {
      // Busy at once, not after the next paint (the screen's own effect): "idle" then means
      // every event queued so far has been applied, saved and rendered.
      if (route().id === id) document.documentElement.dataset.busy = s.pending > 0 ? "true" : "false";
      if (what !== "busy") app.notify(); // the storage notice follows every session's data
    });
    s.open();
  }
  return s;
}

function useRoute() {
  const [current, setCurrent] = useState(route());
  useEffect(() => {
    const onChange = () => setCurrent(route());
    addEventListener("hashchange", onChange);
    return () => removeEventListener("hashchange", onChange);
  }, []);
  return current;
}

/** Any cache first paint drew from (the kept description, the encounter's last saved view)
 * is dropped, so the next draw waits for the engine's own. Returns whether one was. */
export function dropCaches(current = route()) {
  let dropped = false;
  if (!app.ready && app.describe) {
    prefsStore.dropDescribe();
    app.describe = null;
    dropped = true;
  }
  const s = current.id ? app.sessions.get(current.id) : null;
  if (s && !s.live && s.view) {
    encounterStore.dropView(current.id);
    s.view = null;
    dropped = true;
  }
  return dropped;
}

/** First paint fails soft: a screen that cannot be drawn from a cached record drops the cache
 * and draws again (the engine's answer follows); one that cannot be drawn from the engine's
 * own data says so instead of leaving the page blank. */
function Guard({ current, children }) {
  const [error, reset] = useErrorBoundary((err) => console.error("A screen could not be drawn:", err));
  const [tries, setTries] = useState(0);
  useEffect(() => {
    if (error && dropCaches(current)) {
      setTries((n) => n + 1);
      reset();
    }
  }, [error]);
  useEffect(() => {
    if (error) reset(); // another screen: draw it afresh
  }, [current.screen, current.id]);
  useEffect(() => {
    // The engine's answer may draw where the cache could not: try again when it comes.
    if (!error) return undefined;
    const retry = () => reset();
    app.listeners.add(retry);
    return () => app.listeners.delete(retry);
  }, [error]);
  if (error) {
    return html`<p class="error" role="alert" data-testid="screen-error" data-tries=${tries}>This screen could not be
      drawn (${String(error?.message ?? error)}). Your encounters are saved. <a href="#/">Back to the list</a>, or reload the page.</p>`;
  }
  return children;
}

function App() {
  const current = useRoute();
  useApp(app);
  useLayoutEffect(() => {
    // The static dice panel belongs to the list screen. It starts hidden (index.html) and is
    // shown before the screen's first paint: nothing drawn moves when the list appears above it.
    const dice = document.getElementById("dice-screen");
    if (dice) dice.hidden = current.screen !== "list";
    document.documentElement.dataset.screen = current.screen;
    window.scrollTo(0, 0);
  }, [current.screen, current.id]);
  return html`<${Guard} current=${current}>
    <${StorageNotice} app=${app} current=${current} session=${session} />${screen(current)}</${Guard}>`;
}

function screen(current) {
  if (current.screen === "encounter") {
    return html`<${EncounterScreen} key=${current.id} session=${session(current.id)} app=${app} />`;
  }
  if (current.screen === "share") return html`<${ShareScreen} key=${current.id} id=${current.id} app=${app} session=${session} />`;
  if (current.screen === "link") return html`<${LinkScreen} key=${current.fragment} fragment=${current.fragment} app=${app} />`;
  if (current.screen === "player") {
    return html`<${PlayerScreen} key=${current.fragment + current.cid} fragment=${current.fragment} cid=${current.cid} app=${app} />`;
  }
  if (current.screen === "players") return html`<${PlayersScreen} key=${current.fragment} fragment=${current.fragment} app=${app} />`;
  if (current.screen === "live") return html`<${LiveScreen} key=${current.id} id=${current.id} app=${app} session=${session} />`;
  if (current.screen === "display") return html`<${TableDisplay} key=${current.id} id=${current.id} app=${app} session=${session} />`;
  return html`<${ListScreen} app=${app} session=${session} startNew=${current.startNew} />`;
}

/** The "Last encounter" shortcut: #/last becomes the encounter used last, in place (so Back and a
 * reload stay on it), or the list when this device holds none. */
function followLast() {
  if (location.hash !== "#/last") return;
  const last = encounterStore.loadIndex().encounters[0];
  history.replaceState(null, "", last ? `#/e/${last.id}` : "#/");
}

/** Another tab of this site changed the stored data (two tabs): open encounters take
 * its events (Session.refresh), and the screens read storage again. key null: storage cleared. */
function onStorage(event) {
  if (event.key !== null && !event.key.startsWith("pyfudge:")) return;
  const changed = /^pyfudge:enc:(.+)$/.exec(event.key ?? "")?.[1];
  if (event.key === null || changed) {
    for (const [id, s] of app.sessions) if (event.key === null || id === changed) s.refresh();
  }
  app.notify();
}

/** Leaving a page that holds the only copy of some changes (storage full or missing, and no
 * IndexedDB copy either, or the encounter deleted in another tab): the browser asks first. */
function onLeave(event) {
  if (![...app.sessions.values()].some((s) => s.unsaved && !s.backup && s.stored)) return;
  event.preventDefault();
  event.returnValue = ""; // older browsers ask only when this is set
}

/** Render the app into root at once (from storage); the engine is attached as it loads. */
export function start(root, engine) {
  app.engine = engine;
  addEventListener("storage", onStorage);
  addEventListener("beforeunload", onLeave);
  encounterStore.relistStored(); // an encounter stored but missing from the list is listed again
  followLast();
  addEventListener("hashchange", followLast); // the shortcut taken while the app is open
  try {
    render(html`<${App} />`, root);
  } catch (err) {
    // Outside every screen's Guard: drop what first paint read from storage, draw again.
    console.error("The app could not be drawn:", err);
    dropCaches();
    render(html`<${App} />`, root);
  }
}

/** The engine is ready: fetch the description of the rules (kept for the next visit, tagged
 * with the engine's build) — unless the kept one is this build's: a build describes its rules
 * one way, and asking again would redraw every screen for the same 74 kB (docs/performance.md). */
export async function engineReady(build = null) {
  if (!(build && app.describe && app.describeBuild === build)) {
    const response = await app.engine.request("describe");
    if (response.ok) {
      app.describe = response.result;
      app.describeBuild = build;
      prefsStore.saveDescribe(response.result, build);
    }
  }
  app.ready = true;
  app.notify();
}
