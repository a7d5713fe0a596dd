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
// - Two tabs: the write is a compare-and-set on the encounter's head in IndexedDB (heads.js),
//   whose transactions are ordered across tabs: apply() reads the head, applies, then writes
//   the new head only if the stored one is still the one it read. A tab that lost (another tab's
//   change came first) takes the stored log itself, reopens the engine on it and says so: its
//   own change was not applied. A head whose log extends what localStorage shows here (this
//   tab's cache of it is behind, or it had no room) wins over localStorage. apply() also holds a
//   Web Lock per encounter, so tabs take turns and a tab behind takes the stored log first, then
//   applies on top; logs that went different ways are refused with a message, never merged.
//   refresh() takes another tab's changes when a `storage` event says the stored record changed
//   (app.js listens). Without IndexedDB: localStorage alone, checked again before the write.
// - Storage full or missing: the change is kept in memory (`unsaved` says why) and, when
//   IndexedDB took it, in the head too (`backup`: a reload takes it back); storage-notice.js
//   says so and offers an export, app.js asks before a page holding the only copy is left;
//   the next save that works writes the whole log.
// - Data this app cannot read (damaged, or from a newer pyfudge): read-only (`readOnly` holds
//   the message), never written; readable again (another tab wrote it back), it is taken and
//   the page goes on. A stored log the engine refuses from an event on (`broken`): every change
//   is refused until the user keeps the log up to its last good event (keepGoodPart), the whole
//   record kept aside first.
import * as encounterStore from "./encounter-store.js";
import * as storage from "./storage.js";
import * as heads from "./heads.js";

const CONFLICT = "This encounter was changed in another tab at the same time; your change was not applied. Look at it again and redo it if it still applies.";
const DELETED = "This encounter was deleted in another tab (or the browser's storage was cleared); your change was not applied. Export it from the notice above to keep a copy.";
const LOST = "The other tab's change came first and was kept; yours was not applied. The encounter is shown as it is stored now: redo your change if it still applies.";

const sameEvents = (a, b, n) => {
  for (let i = 0; i < n; i++) if (JSON.stringify(a[i]) !== JSON.stringify(b[i])) return false;
  return true;
};
const extendsLog = (longer, shorter) => longer.length > shorter.length && sameEvents(longer, shorter, shorter.length);

/** Run task holding this encounter's lock in every tab of this site (when the browser has
 * Web Locks; without them the head's compare-and-set still decides). */
function withLock(id, task) {
  const locks = globalThis.navigator?.locks;
  return locks ? locks.request(`pyfudge-encounter-${id}`, task) : task();
}

/** The event at which the engine refused a stored log (its index), from the error's field. */
const refusedAt = (error) => {
  const match = /\bencounter\.log\[(\d+)\]/.exec(error?.field ?? "");
  return match ? Number(match[1]) : null;
};

export class Session {
  #listeners = new Set();
  #chain = Promise.resolve();
  #savedLength = 0; // how many events of this.stored.log are known to be in localStorage
  #savedText = null; // the localStorage record's text when this page last read or wrote it

  constructor(engine, id) {
    this.engine = engine;
    this.id = id;
    const found = encounterStore.inspect(id);
    this.stored = found.state === "ok" ? found.data : null; // {name, ruleset, log} or null
    this.#savedLength = this.stored?.log.length ?? 0;
    this.#savedText = found.state === "ok" ? storage.readRaw(storage.KEYS.encounter(id)) : null;
    this.readOnly = found.message ?? null; // why this encounter cannot be changed here
    this.aside = found.message ? found : null; // {state, raw, message}: offered for export as stored
    const saved = encounterStore.loadView(id);
    this.view = saved && (this.readOnly || (this.stored && saved.rev === this.stored.log.length)) ? saved.view : null;
    this.live = false; // the view came from the engine in this page, not from storage
    this.error = this.readOnly ? { type: "KeptAside", message: this.readOnly } : null;
    this.unsaved = null; // null, or why the log in memory is not (all) in localStorage: "quota" | "unavailable" | "deleted"
    this.backup = false; // with `unsaved`: the log is in the IndexedDB head, so a reload keeps it
    this.broken = null; // {at, message}: the engine refuses the stored log from its event `at` on
    this.pending = 0;
  }

  /** fn(session, what) after every change: `what` is "busy" when only `pending` went up (a
   * request was queued), else "data" (the view, the log or what is said of them may differ). */
  subscribe(fn) {
    this.#listeners.add(fn);
    return () => this.#listeners.delete(fn);
  }

  #notify(what = "data") {
    for (const fn of this.#listeners) fn(this, what);
  }

  /** Run task after those queued before it. `then(value)`, when given, runs in the same
   * synchronous step as the change's notification, so the caller's own state updates and the
   * screen's re-render land in one render (one paint per answer). */
  #queue(task, then = null) {
    this.pending++;
    this.#notify("busy");
    const result = this.#chain.then(task).then((value) => {
      this.pending--;
      then?.(value);
      this.#notify();
      return value;
    }, (err) => {
      this.pending--;
      this.#notify();
      throw err;
    });
    this.#chain = result.catch(() => {});
    return result;
  }

  /** engine.request, sent once more if the engine lost it in a restart (it was not applied). */
  async #request(action, args) {
    const response = await this.engine.request(action, args);
    return response.ok || response.error?.type !== "EngineRestarted" ? response : this.engine.request(action, args);
  }

  /** Open the stored encounter in the engine (one replay) and take its view; the head wins
   * over localStorage when it is ahead (a reload after storage was full). */
  open() {
    return this.#queue(async () => {
      if (this.readOnly) return null;
      if (!this.stored) {
        this.error = { type: "NotFound", message: "This device holds no encounter under this address." };
        return null;
      }
      const head = await heads.read(this.id);
      const before = this.stored.log.length;
      const refused = this.#catchUp(head);
      if (refused) {
        this.error = refused;
        return null;
      }
      if (this.stored.log.length !== before) this.view = null; // the saved view is of an older log
      this.#heal(head);
      return this.#reopen(true);
    });
  }

  /** Apply one event; resolves with the engine's response (errors are data), which
   * `then(response)` is also given in the step that renders it (#queue). The engine's refusal is
   * the session's error (shown under the encounter's name) unless `shown`: the caller shows it by
   * the entry it names, and once is enough. */
  apply(event, { shown = false, then = null } = {}) {
    return this.#queue(() => withLock(this.id, async () => {
      const head = await heads.read(this.id);
      const refused = this.#catchUp(head) ?? this.#brokenError();
      if (refused) return this.#refuse(refused);
      const base = this.stored.log.length;
      const held = this.view;
      const args = { id: this.id, rev: base, event };
      // A log's lines never change once written: a page holding all of them asks for the new ones.
      if (holdsLines(held, base)) args.log_from = base;
      let response = await this.#request("encounter.apply", args);
      if (!response.ok && response.error?.type === "SessionError") {
        response = await this.#request("encounter.apply", { ...args, encounter: this.stored });
      }
      if (!response.ok) {
        if (!shown) this.error = response.error;
        return response;
      }
      const next = { ...this.stored, log: [...this.stored.log, response.result.event] };
      const text = encounterStore.encounterText(next); // made once: the head's and localStorage's
      const written = await this.#commit(head, next, text);
      if (written !== true) return written;
      this.#save(text); // saved first: the result is shown (#take) only after
      this.#take({ ...response.result, view: withLines(held, response.result.view) });
      this.error = null;
      return response;
    }), then);
  }

  /** Make `next` the stored encounter's head if the head is still `head` (read before the
   * change): true, or the refusal to answer (the engine is put back on the stored log). */
  async #commit(head, next, text) {
    const outcome = head === undefined ? "failed"
      : await heads.commit(this.id, head, { rev: next.log.length, text });
    if (outcome === "lost") {
      // Another tab's change came first: take the stored log, drop ours from the engine.
      const refused = this.#catchUp(await heads.read(this.id));
      if (refused) return this.#refuse(refused);
      await this.#reopen(false);
      return this.#refuse({ type: "Conflict", message: LOST });
    }
    this.backup = outcome === "done";
    if (outcome === "failed") {
      // No IndexedDB: without Web Locks another tab may have written meanwhile: never write over it.
      const raw = storage.readRaw(storage.KEYS.encounter(this.id));
      const now = raw === this.#savedText ? null : encounterStore.inspect(this.id);
      if (now?.state === "ok" && now.data.log.length > this.#savedLength) {
        await this.engine.request("encounter.open", { id: this.id, encounter: this.stored }); // drop our event
        return this.#refuse({ type: "Conflict", message: CONFLICT });
      }
    }
    this.stored = next;
    return true;
  }

  /** Another tab may have changed the stored record (a `storage` event): take its events, or
   * leave read-only when the record can be read again. */
  refresh() {
    return this.#queue(async () => {
      const before = this.stored;
      const wasReadOnly = this.readOnly;
      const head = await heads.read(this.id);
      const refused = this.#catchUp(head);
      if (refused) {
        this.error = refused;
        return null;
      }
      this.#heal(head);
      if (!wasReadOnly && this.stored.log.length === before?.log.length && sameEvents(this.stored.log, before.log, before.log.length)) {
        return null;
      }
      const saved = encounterStore.loadView(this.id);
      if (saved?.rev === this.stored.log.length) this.view = saved.view; // at once, then the engine's
      this.#notify();
      return this.#reopen(false);
    });
  }

  /** Keep the stored log up to its last good event (the engine refuses the rest): the whole
   * record is first kept aside (the list's "Kept aside" offers it for export), then the log is
   * cut and saved like any change. Resolves with {ok} or {ok: false, error}. */
  keepGoodPart() {
    return this.#queue(() => withLock(this.id, async () => {
      const head = await heads.read(this.id);
      const refused = this.#catchUp(head);
      if (refused) return this.#refuse(refused);
      if (!this.broken) return { ok: true }; // mended meanwhile (another tab)
      const key = storage.KEYS.encounter(this.id);
      const raw = storage.readRaw(key);
      // The record as found in localStorage, byte for byte (else as the head held it).
      if (!storage.keepAside(key, raw !== null && raw === this.#savedText ? raw : encounterStore.encounterText(this.stored))) {
        return this.#refuse({ type: "StorageFull", message: "Nothing was changed: the whole log could not be kept aside first (this device's storage for this site is full). Export or delete encounters you no longer need, then try again." });
      }
      const next = { ...this.stored, log: this.stored.log.slice(0, this.broken.at) };
      const response = await this.#request("encounter.open", { id: this.id, encounter: next });
      if (!response.ok) return this.#refuse(response.error);
      const written = await this.#commit(head, next);
      if (written !== true) return written;
      this.#save();
      this.broken = null;
      this.#take(response.result);
      this.error = null;
      return { ok: true };
    }));
  }

  /** Open this.stored in the engine and take its view; a log it refuses from an event on
   * makes the session `broken` (changes refused, keepGoodPart offered). */
  async #reopen(touch) {
    const response = await this.#request("encounter.open", { id: this.id, encounter: this.stored });
    const at = response.ok ? null : refusedAt(response.error);
    this.broken = at !== null && at < this.stored.log.length ? { at, message: response.error.message } : null;
    if (response.ok) {
      this.#take(response.result, touch);
      if (this.error?.type === "RefusedLog") this.error = null;
    } else {
      this.error = this.#brokenError() ?? response.error;
    }
    return response;
  }

  #brokenError() {
    if (!this.broken) return null;
    const { at, message } = this.broken;
    const tail = this.stored.log.length - at;
    return { type: "RefusedLog", at, message: `This encounter's stored log ends in ${tail === 1 ? "an event" : `${tail} events`} this app cannot apply (event ${at + 1}: ${message}) Changes are refused until you keep the log up to its last good event; the whole log is kept aside first, for export.` };
  }

  /** Compare the stored log with ours before a change; take it when it extends ours. `head` is
   * the IndexedDB head (undefined: none to be had). Returns null to go on, or the error that
   * refuses the change. */
  #catchUp(head) {
    const raw = storage.readRaw(storage.KEYS.encounter(this.id));
    // null: unchanged since we read or wrote it (when it could be read)
    let found = raw !== null && raw === this.#savedText && !this.readOnly ? null : encounterStore.inspectText(raw);
    let fromHead = false;
    if (head && head.text !== raw) {
      const kept = encounterStore.inspectText(head.text);
      const inStorage = found ? (found.state === "ok" ? found.data.log : null) : this.stored.log.slice(0, this.#savedLength);
      if (kept.state === "ok" && inStorage && extendsLog(kept.data.log, inStorage)) {
        found = kept; // localStorage is behind here (a stale cache, or it had no room): the head wins
        fromHead = true;
      }
    }
    if (!found) return null;
    if (found.state === "missing") {
      if (!this.stored) return { type: "NotFound", message: "No encounter is open." };
      // No storage at all (a private mode), or never saved: this page's memory is the only copy.
      if (!storage.storageAvailable() || (this.unsaved && this.unsaved !== "deleted")) return null;
      this.unsaved = "deleted"; // deleted elsewhere: not written back, but offered for export
      this.backup = false;
      return { type: "Deleted", message: DELETED };
    }
    if (found.state !== "ok") {
      this.readOnly = found.message;
      this.aside = found;
      return { type: "KeptAside", message: found.message };
    }
    const theirs = found.data.log;
    const ours = this.stored?.log ?? [];
    const common = Math.min(theirs.length, ours.length);
    // Read-only until now (nothing of ours to keep), or ours ends in events the engine refuses
    // and theirs does not: take theirs whatever it is.
    const takeAll = this.readOnly || !this.stored
      || (this.broken && theirs.length <= this.broken.at && sameEvents(theirs, ours, theirs.length));
    if (!takeAll && !sameEvents(theirs, ours, common)) return { type: "Conflict", message: CONFLICT };
    if (takeAll) {
      this.readOnly = null;
      this.aside = null;
      if (this.error?.type === "KeptAside") this.error = null;
    }
    if (takeAll || theirs.length >= ours.length) {
      this.stored = found.data; // another tab's newer events: ours is behind, take theirs
      if (!fromHead) {
        this.#savedText = raw;
        this.unsaved = null;
        this.backup = false;
      }
    }
    if (!fromHead) this.#savedLength = theirs.length;
    return null;
  }

  /** The head is ahead of localStorage, and its text is the newer record: write it there too
   * (the tab that wrote the head may have closed first, or its write reached storage late). */
  #heal(head) {
    if (!head || head.text === storage.readRaw(storage.KEYS.encounter(this.id))) return;
    if (encounterStore.encounterText(this.stored) !== head.text) return;
    this.#save();
    if (this.unsaved) this.backup = true; // no room here: the head keeps it
  }

  #refuse(error) {
    this.error = error;
    return { ok: false, error };
  }

  /** Write the stored encounter to localStorage (`text`: its record, when already made). */
  #save(text = null) {
    const saved = text === null ? encounterStore.saveEncounter(this.id, this.stored)
      : encounterStore.saveEncounterText(this.id, text);
    if (saved) {
      this.#savedText = saved;
      this.#savedLength = this.stored.log.length;
      this.unsaved = null;
      this.backup = false;
    } else {
      this.unsaved = storage.writeFailure() ?? "unavailable";
    }
  }

  #take({ rev, view }, touch = true) {
    this.view = view;
    this.live = true;
    if (this.unsaved) return;
    if (touch) encounterStore.touch(this.id, view.name); // the list shows its name and order at once
    // The view is only a cache (a reopened encounter's first paint, used when its rev matches the
    // log): written after the result is painted, and only while the record stored here is still
    // the one this page wrote or read (not deleted meanwhile).
    const record = this.#savedText;
    afterPaint(() => {
      if (record !== null && storage.readRaw(storage.KEYS.encounter(this.id)) === record) {
        encounterStore.saveView(this.id, rev, view);
      }
    });
  }
}

/** Whether `view` holds every line of a log of `count` events (its dice and details too). */
const holdsLines = (view, count) => Boolean(view) && !view.log_from
  && ["log", "log_dice", "log_details"].every((key) => view[key]?.length === count);

/** `view` with the whole log: the lines `held` has before the view's `log_from`, then its own. */
function withLines(held, view) {
  if (!view.log_from) return view;
  const from = view.log_from;
  return { ...view, log_from: 0, log: held.log.slice(0, from).concat(view.log),
    log_dice: held.log_dice.slice(0, from).concat(view.log_dice),
    log_details: held.log_details.slice(0, from).concat(view.log_details) };
}

/** Run `task` once the next frame is painted (at once in a hidden page, which paints none). */
function afterPaint(task) {
  if (globalThis.document?.hidden || typeof requestAnimationFrame !== "function") return void setTimeout(task, 0);
  requestAnimationFrame(() => setTimeout(task, 0));
}

/** Create an encounter in the engine and on this device; resolves with its id or an error. */
export async function create(engine, { name, ruleset }) {
  const id = encounterStore.newId();
  const args = { id, name };
  if (ruleset) args.ruleset = ruleset;
  const response = await engine.request("encounter.new", args);
  if (!response.ok) return { error: response.error };
  // All or nothing: the record and its line in the list (encounterStore.storeNew), or an error.
  if (!encounterStore.storeNew(id, response.result.encounter, response.result.view)) {
    return { error: { type: "StorageFull", message: storage.writeFailure() === "quota"
      ? "This device's storage for this site is full: the encounter could not be saved. Export or delete encounters you no longer need, then try again."
      : "This browser does not let the site store anything (a private mode?): the encounter could not be saved." } };
  }
  return { id };
}
