// One open encounter: its stored log, its view, and the engine that applies events to it.
//
// Every change goes through apply(event): requests are chained, so events apply in the order
// the user made them even while the engine is still loading (engine.request queues them).
// The engine holds open encounters by id; after a worker restart it answers SessionError and
// the event is resent with the stored encounter, which the engine replays once.
import * as store from "./store.js";

export class Session {
  #listeners = new Set();
  #chain = Promise.resolve();

  constructor(engine, id) {
    this.engine = engine;
    this.id = id;
    this.stored = store.loadEncounter(id); // {name, ruleset, log} or null
    const saved = store.loadView(id);
    this.view = saved && this.stored && saved.rev === this.stored.log.length ? saved.view : null;
    this.live = false; // the view came from the engine in this page, not from storage
    this.error = null;
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

  /** Open the stored encounter in the engine (one replay) and take its view. */
  open() {
    return this.#queue(async () => {
      if (!this.stored) {
        this.error = { type: "NotFound", message: "This device holds no encounter under this address." };
        return null;
      }
      const response = await this.engine.request("encounter.open", { id: this.id, encounter: this.stored });
      if (response.ok) this.#take(response.result);
      else this.error = response.error;
      return response;
    });
  }

  /** Apply one event; resolves with the engine's response (errors are data). */
  apply(event) {
    return this.#queue(async () => {
      if (!this.stored) return { ok: false, error: { message: "No encounter is open." } };
      const args = { id: this.id, rev: this.stored.log.length, event };
      let response = await this.engine.request("encounter.apply", args);
      if (!response.ok && response.error?.type === "SessionError") {
        response = await this.engine.request("encounter.apply", { ...args, encounter: this.stored });
      }
      if (response.ok) {
        this.stored = { ...this.stored, log: [...this.stored.log, response.result.event] };
        store.saveEncounter(this.id, this.stored);
        this.#take(response.result);
        this.error = null;
      } else {
        this.error = response.error;
      }
      return response;
    });
  }

  #take({ rev, view }) {
    this.view = view;
    this.live = true;
    store.saveView(this.id, rev, view);
    store.touch(this.id, view.name);
  }
}

/** Create an encounter in the engine and on this device; resolves with its id or an error. */
export async function create(engine, { name, ruleset }) {
  const id = store.newId();
  const args = { id, name };
  if (ruleset) args.ruleset = ruleset;
  const response = await engine.request("encounter.new", args);
  if (!response.ok) return { error: response.error };
  store.saveEncounter(id, response.result.encounter);
  store.saveView(id, response.result.rev, response.result.view);
  store.touch(id, response.result.view.name);
  return { id };
}
