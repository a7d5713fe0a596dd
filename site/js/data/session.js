// One open encounter: its stored log, its view, and the engine that applies events to it.
//
// Every change goes through apply(event): requests are chained, so events apply in the order
// the user made them even while the engine is still loading (engine.request queues them).
// The engine holds open encounters by id; after a worker restart it answers SessionError and
// the event is resent with the stored encounter, which the engine replays once. A request the
// engine lost in a restart (EngineRestarted: it was not applied) is sent again once.
//
// Trust:
// - Saved before shown: an event's log is written to storage before the view that shows its
//   result is taken (#take), so a page killed once a result is visible has it saved.
// - Storage full or missing: the change is kept in memory (`unsaved` says why), the page goes
//   on, and storage-notice.js says so and offers an export; the next save that works writes
//   the whole log.
// - Data this app cannot read (damaged, or from a newer pyfudge): opened read-only
//   (`readOnly` holds the message), never written.
// - Two tabs: apply() holds a Web Lock per encounter across read-check-apply-write, and first
//   compares the stored log with its own: a longer stored log that extends ours (another tab's
//   events) is taken before applying; logs that went different ways are refused with a
//   message, never merged. refresh() takes another tab's changes when a `storage` event says
//   the stored record changed (app.js listens).
import * as store from "./store.js";

const CONFLICT = "This encounter was changed in another tab at the same time; your change was not applied. Look at it again and redo it if it still applies.";
const DELETED = "This encounter was deleted in another tab (or the browser's storage was cleared); your change was not applied. Export it from the notice above to keep a copy.";

const sameEvents = (a, b, n) => {
  for (let i = 0; i < n; i++) if (JSON.stringify(a[i]) !== JSON.stringify(b[i])) return false;
  return true;
};

/** Run task holding this encounter's lock in every tab of this site (when the browser has
 * Web Locks; without them the stored log is checked again just before the write). */
function withLock(id, task) {
  const locks = globalThis.navigator?.locks;
  return locks ? locks.request(`pyfudge-encounter-${id}`, task) : task();
}

export class Session {
  #listeners = new Set();
  #chain = Promise.resolve();
  #savedLength = 0; // how many events of this.stored.log are known to be in storage
  #savedText = null; // the stored record's text when this page last read or wrote it

  constructor(engine, id) {
    this.engine = engine;
    this.id = id;
    const found = store.inspect(id);
    this.stored = found.state === "ok" ? found.data : null; // {name, ruleset, log} or null
    this.#savedLength = this.stored?.log.length ?? 0;
    this.#savedText = found.state === "ok" ? store.readRaw(store.KEYS.encounter(id)) : null;
    this.readOnly = found.message ?? null; // why this encounter cannot be changed here
    this.aside = found.message ? found : null; // {state, raw, message}: offered for export as stored
    const saved = store.loadView(id);
    this.view = saved && (this.readOnly || (this.stored && saved.rev === this.stored.log.length)) ? saved.view : null;
    this.live = false; // the view came from the engine in this page, not from storage
    this.error = this.readOnly ? { type: "KeptAside", message: this.readOnly } : null;
    this.unsaved = null; // null, or why the log in memory is not (all) in storage: "quota" | "unavailable" | "deleted"
    this.pending = 0;
  }

  subscribe(fn) {
    this.#listeners.add(fn);
    return () => this.#listeners.delete(fn);
  }

  #notify() {
    for (const fn of this.#listeners) fn(this);
  }

  #queue(task) {
    this.pending++;
    this.#notify();
    const result = this.#chain.then(task);
    this.#chain = result.catch(() => {});
    return result.finally(() => {
      this.pending--;
      this.#notify();
    });
  }

  /** engine.request, sent once more if the engine lost it in a restart (it was not applied). */
  async #request(action, args) {
    const response = await this.engine.request(action, args);
    return response.ok || response.error?.type !== "EngineRestarted" ? response : this.engine.request(action, args);
  }

  /** Open the stored encounter in the engine (one replay) and take its view. */
  open() {
    return this.#queue(async () => {
      if (this.readOnly) return null;
      if (!this.stored) {
        this.error = { type: "NotFound", message: "This device holds no encounter under this address." };
        return null;
      }
      const response = await this.#request("encounter.open", { id: this.id, encounter: this.stored });
      if (response.ok) this.#take(response.result);
      else this.error = response.error;
      return response;
    });
  }

  /** Apply one event; resolves with the engine's response (errors are data). */
  apply(event) {
    return this.#queue(() => withLock(this.id, async () => {
      const refused = this.#catchUp();
      if (refused) return this.#refuse(refused);
      const base = this.stored.log.length;
      const args = { id: this.id, rev: base, event };
      let response = await this.#request("encounter.apply", args);
      if (!response.ok && response.error?.type === "SessionError") {
        response = await this.#request("encounter.apply", { ...args, encounter: this.stored });
      }
      if (!response.ok) {
        this.error = response.error;
        return response;
      }
      // Without Web Locks another tab may have written meanwhile: never write over it.
      const raw = store.readRaw(store.KEYS.encounter(this.id));
      const now = raw === this.#savedText ? null : store.inspect(this.id);
      if (now?.state === "ok" && now.data.log.length > this.#savedLength) {
        await this.engine.request("encounter.open", { id: this.id, encounter: this.stored }); // drop our event
        return this.#refuse({ type: "Conflict", message: CONFLICT });
      }
      this.stored = { ...this.stored, log: [...this.stored.log, response.result.event] };
      this.#save(); // saved first: the result is shown (#take) only after
      this.#take(response.result);
      this.error = null;
      return response;
    }));
  }

  /** Another tab may have changed the stored record (a `storage` event): take its events. */
  refresh() {
    if (this.readOnly) return Promise.resolve(null);
    return this.#queue(async () => {
      const before = this.stored?.log.length;
      const refused = this.#catchUp();
      if (refused) {
        this.error = refused;
        return null;
      }
      if (this.stored.log.length === before) return null;
      const saved = store.loadView(this.id);
      if (saved?.rev === this.stored.log.length) this.view = saved.view; // at once, then the engine's
      this.#notify();
      const response = await this.#request("encounter.open", { id: this.id, encounter: this.stored });
      if (response.ok) this.#take(response.result, false);
      return response;
    });
  }

  /** Compare the stored log with ours before a change; take it when it extends ours.
   * Returns null to go on, or the error that refuses the change. */
  #catchUp() {
    if (this.readOnly) return { type: "KeptAside", message: this.readOnly };
    if (!this.stored) return { type: "NotFound", message: "No encounter is open." };
    const raw = store.readRaw(store.KEYS.encounter(this.id));
    if (raw !== null && raw === this.#savedText) return null; // unchanged since we read or wrote it
    const found = store.inspect(this.id);
    if (found.state === "missing") {
      // No storage at all (a private mode), or never saved: this page's memory is the only copy.
      if (!store.storageAvailable() || (this.unsaved && this.unsaved !== "deleted")) return null;
      this.unsaved = "deleted"; // deleted elsewhere: not written back, but offered for export
      return { type: "Deleted", message: DELETED };
    }
    if (found.state !== "ok") {
      this.readOnly = found.message;
      this.aside = found;
      return { type: "KeptAside", message: found.message };
    }
    const theirs = found.data.log;
    const ours = this.stored.log;
    const common = Math.min(theirs.length, ours.length);
    if (!sameEvents(theirs, ours, common)) return { type: "Conflict", message: CONFLICT };
    if (theirs.length >= ours.length) {
      this.stored = found.data; // another tab's newer events: ours is behind, take theirs
      this.#savedText = raw;
      this.unsaved = null;
    }
    this.#savedLength = theirs.length;
    return null;
  }

  #refuse(error) {
    this.error = error;
    return { ok: false, error };
  }

  #save() {
    const text = store.saveEncounter(this.id, this.stored);
    if (text) {
      this.#savedText = text;
      this.#savedLength = this.stored.log.length;
      this.unsaved = null;
    } else {
      this.unsaved = store.writeFailure() ?? "unavailable";
    }
  }

  #take({ rev, view }, touch = true) {
    this.view = view;
    this.live = true;
    if (!this.unsaved) {
      store.saveView(this.id, rev, view);
      if (touch) store.touch(this.id, view.name);
    }
  }
}

/** Create an encounter in the engine and on this device; resolves with its id or an error. */
export async function create(engine, { name, ruleset }) {
  const id = store.newId();
  const args = { id, name };
  if (ruleset) args.ruleset = ruleset;
  const response = await engine.request("encounter.new", args);
  if (!response.ok) return { error: response.error };
  // All or nothing: the record and its line in the list (store.storeNew), or an error.
  if (!store.storeNew(id, response.result.encounter, response.result.view)) {
    return { error: { type: "StorageFull", message: store.writeFailure() === "quota"
      ? "This device's storage for this site is full: the encounter could not be saved. Export or delete encounters you no longer need, then try again."
      : "This browser does not let the site store anything (a private mode?): the encounter could not be saved." } };
  }
  return { id };
}
