// Client for the rules engine running in a Web Worker (engine-worker.js).
// Every call is one JSON request to pyfudge.api.handle, matched to its answer by id.
// Calls made before the engine is ready wait in a queue. Failures come back as data,
// like the engine's own errors: {ok: false, error: {type, message, field}}.

export class Engine {
  #worker;
  #nextId = 1;
  #pending = new Map(); // id -> resolve
  #queue = []; // requests waiting for "ready"
  #failure = null; // the error every answer gets once the engine cannot run

  constructor() {
    this.state = "loading";
    /** Resolves when the engine is ready; rejects with the reason it cannot start. */
    this.ready = new Promise((resolve, reject) => {
      const fail = (message) => {
        this.#fail(message);
        reject(new Error(message));
      };
      this.#worker = new Worker(new URL("./engine-worker.js", import.meta.url), { type: "module" });
      this.#worker.onmessage = ({ data }) => {
        if (data.type === "ready") {
          this.state = "ready";
          for (const message of this.#queue.splice(0)) this.#worker.postMessage(message);
          resolve();
        } else if (data.type === "failed") {
          fail(data.message);
        } else {
          this.#answer(data);
        }
      };
      this.#worker.onerror = (event) => {
        event.preventDefault();
        fail(event.message || "the engine's script could not be loaded");
      };
    });
    this.ready.catch(() => {}); // a caller that never awaits it still gets error answers
  }

  /** Ask the engine: resolves with the response object, never rejects. */
  request(action, args = {}) {
    const id = this.#nextId++;
    if (this.#failure) return Promise.resolve({ v: 1, id, ok: false, error: this.#failure });
    const json = JSON.stringify({ v: 1, id, action, args });
    return new Promise((resolve) => {
      this.#pending.set(id, resolve);
      if (this.state === "ready") this.#worker.postMessage({ id, json });
      else this.#queue.push({ id, json });
    });
  }

  #answer({ id, json, error }) {
    const resolve = this.#pending.get(id);
    if (!resolve) return;
    this.#pending.delete(id);
    resolve(json !== undefined ? JSON.parse(json) : { v: 1, id, ok: false, error });
  }

  #fail(message) {
    if (this.#failure) return;
    this.state = "failed";
    this.#failure = { type: "EngineUnavailable", message, field: null };
    for (const [id, resolve] of this.#pending) resolve({ v: 1, id, ok: false, error: this.#failure });
    this.#pending.clear();
    this.#queue = [];
  }
}
