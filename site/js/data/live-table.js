// The live table on the GM's page: one Hub (js/live/link.js) per encounter, kept here at the app's
// level so the players stay connected while the GM goes back to the round. docs/live.md has the
// transport; /work/briefs/live-protocol.md (docs/live.md, "Messages") the messages:
//
//   GM → player  {kind: "view", n, seat, you, pcs, asks, declares, view}: always a whole players'
//                view, n +1 per message to that seat; sent on the player's hello or resync, after
//                every change of the encounter, when the seat's character changes, and when the
//                round form's asks of that character change. `asks`: the rolls the round form wants
//                of the seat's character [{field, what, dice, count, faces, low, high, got, refused}];
//                `declares`: the declarations it offers him [{field, what, all_out, stance, points,
//                chosen, got, refused}]
//   player → GM  {kind: "hello"} | {kind: "resync"} | {kind: "pick", id} |
//                {kind: "roll", field, faces} | {kind: "roll", field, total} |
//                {kind: "declare", field, all_out?, stance?, points?}; anything else is refused and
//                listed on the live screen
//
// The view is the engine's (`encounter.players`: the players' link's own payload, so what the GM
// hides never leaves this phone), one request per change of the encounter, shared by every seat.
// Nothing here changes the encounter: no event is applied. A player's roll goes into the GM's
// round form (its `onRoll` handler), read by the engine first (`roll`: the ruleset's dice); the
// GM resolves, and may type over it. A player's declaration goes in only for a declarer the form
// offers it of that seat's character, only with the choices offered him (which come from the
// engine: the view's `declare`, describe's labels), and once the engine has read it as at Resolve
// (`encounter.declaration`: the rules in force, his Fudge Points, his stun, the pacing).
import { useEffect, useReducer } from "../../vendor/preact-htm.mjs";
import { Hub, LiveError } from "../live/link.js";
import { offerTag, readCode } from "../live/signal.js";

const tables = new Map(); // encounter id -> LiveTable
const listeners = new Set(); // told when a table starts or ends (the encounter screen's link)

// The camera's answer is waited for at most this long before a connection is made anyway:
// a prompt left unanswered must not hold the invitation up for ever.
const CAMERA_WAIT_MS = 15000;
// A seat in these states may still need the camera (to scan, or for its addresses while connecting).
const AWAITING = new Set(["inviting", "waiting", "connecting"]);
const MAX_REFUSED = 20; // refusals listed on the live screen, newest first
const KEYS = { hello: ["kind"], resync: ["kind"], pick: ["kind", "id"], roll: ["kind", "field", "faces", "total"],
  declare: ["kind", "field", "all_out", "stance", "points"] };
// What an ask tells the player (the rest — whose, which slot — stays on this phone).
const TOLD = ["field", "what", "dice", "count", "faces", "low", "high", "got"];
const TOLD_DECLARE = ["field", "what", "all_out", "stance", "points", "chosen", "got"];
const DECLARED = ["all_out", "stance", "points"];

/** The keys of a player's declaration that ask does not offer, or whose value is no choice it
 * offers (Fudge Points: a whole number up to its `points`): [key], empty when all may be taken. */
function unoffered(ask, declared) {
  return Object.entries(declared).filter(([key, value]) => {
    if (key === "points") return ask.points === null || !Number.isInteger(value) || value < 0 || value > ask.points;
    return !Array.isArray(ask[key]) || !ask[key].some((c) => c.value === value);
  }).map(([key]) => key);
}

/** The live table of encounter id, or null. */
export const liveTable = (id) => tables.get(id) ?? null;

/** The live table of session's encounter, started when there is none. */
export function startLiveTable(engine, session) {
  let table = tables.get(session.id);
  if (!table) {
    table = new LiveTable(engine, session);
    tables.set(session.id, table);
    for (const fn of listeners) fn();
  }
  return table;
}

/** Re-render on every change of encounter id's live table (and when it starts or ends). */
export function useLiveTable(id) {
  const [, force] = useReducer((n) => n + 1, 0);
  const table = tables.get(id) ?? null;
  useEffect(() => {
    listeners.add(force);
    const unsubscribe = table?.subscribe(force);
    return () => {
      listeners.delete(force);
      unsubscribe?.();
    };
  }, [table]);
  return table;
}

// --- the camera ------------------------------------------------------------------------------------

/** The camera, asked for once and kept while an answer is awaited: browsers reveal local network
 * addresses to WebRTC only with a media permission (or on the interface of the default route), and
 * the scanner needs it anyway. Never blocks: refused, absent or unanswered, the connection goes on. */
class Camera {
  stream = null;
  state = "unasked"; // "asking", "on", "off" (had it, stopped), "refused", "none" (no camera API)
  message = null;
  listeners = new Set();
  #asking = null;

  async ask() {
    if (this.stream) return this.stream;
    if (!this.#asking) this.#asking = this.#open().finally(() => { this.#asking = null; });
    let timer;
    const late = new Promise((resolve) => { timer = setTimeout(resolve, CAMERA_WAIT_MS); });
    try {
      return await Promise.race([this.#asking, late]);
    } finally {
      clearTimeout(timer);
    }
  }

  async #open() {
    if (!navigator.mediaDevices?.getUserMedia) {
      this.#set("none", "This browser lets the page use no camera here (it needs an https address).");
      return null;
    }
    this.#set("asking", null);
    try {
      this.stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false });
      this.#set("on", null);
      return this.stream;
    } catch (err) {
      this.#set("refused", err?.name === "NotAllowedError" ? "The camera was not allowed."
        : err?.name === "NotFoundError" ? "This device has no camera the page can use."
          : `The camera did not start (${err?.message ?? err}).`);
      return null;
    }
  }

  /** Turn the camera off: nothing awaits an answer. */
  stop() {
    if (!this.stream) return;
    for (const track of this.stream.getTracks()) track.stop();
    this.stream = null;
    this.#set("off", null);
  }

  #set(state, message) {
    this.state = state;
    this.message = message;
    for (const fn of this.listeners) fn();
  }
}

export const camera = new Camera();

// --- the table -------------------------------------------------------------------------------------

/** Why a connection could not be made, in the words the screen shows (LiveError codes). */
export const CANNOT = new Set(["no-address", "unreachable"]);

const plain = (value) => value !== null && typeof value === "object" && !Array.isArray(value);

/** What a refused message was, in a few words for the GM's list (never its whole text). */
function described(message) {
  if (plain(message) && typeof message.kind === "string") return `“${message.kind.slice(0, 24)}”`;
  return `a ${Array.isArray(message) ? "list" : message === null ? "null" : typeof message}`;
}

export class LiveTable {
  seats = []; // {id, label, state, code, url, tag, you, picked, n, message, reason}
  refused = []; // {at, seat, what}: newest first
  shown = null; // {rev, view}: the players' view last made by the engine
  error = null; // the engine's refusal to make the view, as a message
  #engine;
  #session;
  #hub;
  #listeners = new Set();
  #next = 1;
  #making = false; // one engine request at a time; the loop takes the newest revision
  #removed = new Set(); // the tags of invitations the GM removed
  #wakeLock = null;
  #ended = false;
  #unsubscribe;
  #onVisible = () => this.#keepAwake();
  #asks = []; // the round form's: [{field, cid, who, what, dice, count, faces, low, high, got}]
  #ruleset = null; // the ruleset the round form's rolls are read with
  #onRoll = null; // the round form's: ({ask, roll, seat, name}) => void
  #declares = []; // the round form's: [{field, cid, who, what, all_out, stance, points, chosen, got}]
  #onDeclare = null; // the round form's: ({ask, declared, seat, name}) => void
  #refusedRolls = new Map(); // seat id -> Map(field -> why its roll or declaration was refused)

  constructor(engine, session) {
    this.#engine = engine;
    this.#session = session;
    this.#hub = new Hub({ beforeConnection: () => camera.ask() });
    this.#hub.addEventListener("open", (e) => this.#opened(e.detail.seat));
    this.#hub.addEventListener("drop", (e) => this.#dropped(e.detail));
    this.#hub.addEventListener("message", (e) => this.#received(e.detail.seat, e.detail.message));
    this.#hub.addEventListener("refused", (e) => this.#refuse(e.detail.seat, `a message it could not take (${e.detail.reason})`));
    this.#unsubscribe = session.subscribe(() => this.#makeView());
    document.addEventListener("visibilitychange", this.#onVisible);
    this.#makeView();
  }

  subscribe(fn) {
    this.#listeners.add(fn);
    return () => this.#listeners.delete(fn);
  }

  #notify() {
    this.#keepAwake();
    if (!this.seats.some((s) => AWAITING.has(s.state))) camera.stop();
    for (const fn of this.#listeners) fn();
  }

  /** The PCs of the encounter, as the players' view names them: [{id, name}]. */
  get pcs() {
    return (this.shown?.view.combatants ?? []).filter((c) => !c.npc).map((c) => ({ id: c.id, name: c.name }));
  }

  /** The characters whose players are connected: the round form asks them for their rolls. */
  get playing() {
    return new Set(this.seats.filter((s) => s.state === "connected" && s.you).map((s) => s.you));
  }

  get live() {
    return this.seats.some((s) => s.state === "connected");
  }

  seat(id) {
    return this.seats.find((s) => s.id === id);
  }

  /** A new seat and its join code (the invitation the screen shows). */
  addPlayer() {
    const seat = { id: `s${this.#next}`, label: `Player ${this.#next}`, state: "inviting", code: null, url: null,
      tag: null, you: null, picked: false, n: 0, message: null, reason: null };
    this.#next++;
    this.seats.push(seat);
    return this.invite(seat.id);
  }

  /** A fresh join code for a seat (a player who dropped scans it to come back). */
  async invite(id) {
    const seat = this.seat(id);
    if (!seat) return;
    if (seat.tag !== null) this.#removed.add(seat.tag);
    Object.assign(seat, { state: "inviting", code: null, url: null, tag: null, message: null, reason: null });
    this.#notify();
    try {
      const code = await this.#hub.invite(id);
      if (this.seat(id) !== seat) return; // removed meanwhile
      Object.assign(seat, { state: "waiting", code, url: joinAddress(code), tag: offerTag(readCode(code)) });
    } catch (err) {
      if (this.seat(id) !== seat) return;
      Object.assign(seat, { state: "failed", reason: err?.code ?? "error", message: err?.message ?? String(err) });
    }
    this.#notify();
  }

  /** Take a player's answer (scanned or pasted). Resolves {seat} once connected, or {error}. */
  async accept(text) {
    const code = answerCode(text);
    let seat;
    try {
      const fields = readCode(code);
      seat = fields.type === "answer" ? this.seats.find((s) => s.tag === fields.answers) : undefined;
      if (fields.type === "answer" && !seat && this.#removed.has(fields.answers)) {
        throw new LiveError("wrong-offer", "This answer is for an invitation you replaced or removed: let the player scan the current join code.");
      }
      if (seat) {
        seat.state = "connecting";
        this.#notify();
      }
      return { seat: await this.#hub.accept(code) };
    } catch (err) {
      if (seat && seat.state === "connecting") {
        // Not connected: an unreachable phone is a drop (its event says so); anything else, the
        // invitation still waits for a right answer.
        if (err?.code === "unreachable") Object.assign(seat, { state: "dropped", reason: err.code, message: err.message });
        else seat.state = "waiting";
        this.#notify();
      }
      return { error: err?.message ?? String(err), code: err?.code };
    }
  }

  /** The GM seats a player as a PC (or none: the player picks). A PC held by another seat
   * leaves it: the GM's word wins. */
  assign(id, cid) {
    const seat = this.seat(id);
    if (!seat) return;
    for (const other of this.seats) if (other !== seat && cid && other.you === cid) Object.assign(other, { you: null, picked: false });
    Object.assign(seat, { you: cid || null, picked: false });
    this.#sendAll();
    this.#notify();
  }

  remove(id) {
    const seat = this.seat(id);
    if (!seat) return;
    this.seats = this.seats.filter((s) => s !== seat);
    if (seat.tag !== null) this.#removed.add(seat.tag);
    this.#hub.link(id)?.close();
    this.#sendAll(); // the character it held is free to pick again
    this.#notify();
  }

  /** End the live table: every player is told, the screen stays lit no longer. */
  end() {
    this.#ended = true;
    this.#hub.close();
    this.#unsubscribe();
    document.removeEventListener("visibilitychange", this.#onVisible);
    this.seats = [];
    tables.delete(this.#session.id);
    camera.stop();
    this.#notify();
    for (const fn of listeners) fn();
  }

  // --- the views ---------------------------------------------------------------------------------

  /** After every change of the encounter: the players' view at its revision, from the engine
   * (one request per change, shared by every seat), sent to every connected seat. */
  async #makeView() {
    if (this.#making) return; // the running loop takes the newest revision
    this.#making = true;
    try {
      for (;;) {
        const { stored } = this.#session;
        if (!stored || this.shown?.rev === stored.log.length || this.#ended) break;
        const args = { id: this.#session.id, rev: stored.log.length };
        let response = await this.#engine.request("encounter.players", args);
        if (!response.ok && response.error?.type === "SessionError") {
          response = await this.#engine.request("encounter.players", { ...args, encounter: stored });
        }
        if (!response.ok) {
          this.error = response.error.message;
          break;
        }
        this.error = null;
        this.shown = response.result;
        this.#refusedRolls.clear(); // the round moved on: a refusal told is old news
        this.#sendAll();
        this.#notify();
      }
    } finally {
      this.#making = false;
    }
  }

  /** The PCs seat may pick: those no other seat holds. */
  #free(seat) {
    const held = new Set(this.seats.filter((s) => s !== seat && s.you).map((s) => s.you));
    return this.pcs.filter((pc) => !held.has(pc.id));
  }

  // --- the round form's asks and the players' rolls ---------------------------------------------

  /** The round form says which rolls and declarations it wants (each of a character: `cid`) and
   * takes the ones the players send (`onRoll`, `onDeclare`); a seat whose character's asks changed
   * is sent a new view. Called with none when the form goes: a roll or declaration then is refused. */
  setAsks(ruleset, { asks, declares }, { onRoll = null, onDeclare = null }) {
    this.#ruleset = ruleset;
    this.#onRoll = onRoll;
    this.#onDeclare = onDeclare;
    const told = (seat) => JSON.stringify([this.#asksOf(seat), this.#declaresOf(seat)]);
    const before = new Map(this.seats.map((seat) => [seat.id, told(seat)]));
    this.#asks = asks;
    this.#declares = declares;
    for (const seat of this.seats) if (told(seat) !== before.get(seat.id)) this.#send(seat);
  }

  /** What seat is offered to declare now, as the player is told it. */
  #declaresOf(seat) {
    const refused = this.#refusedRolls.get(seat.id);
    return this.#declares.filter((ask) => seat.you && ask.cid === seat.you)
      .map((ask) => ({ ...Object.fromEntries(TOLD_DECLARE.map((k) => [k, ask[k] ?? null])), refused: refused?.get(ask.field) ?? null }));
  }

  /** A player's declaration: only for a declarer the round form offers it of the seat's character,
   * only with the choices offered him, and then read by the engine as at Resolve
   * (`encounter.declaration`: the rules in force, his Fudge Points, his stun, the pacing). */
  async #declare(seat, message) {
    const { field } = message;
    const declared = Object.fromEntries(DECLARED.filter((k) => Object.hasOwn(message, k)).map((k) => [k, message[k]]));
    const asked = () => this.#declares.find((a) => a.field === field && seat.you && a.cid === seat.you);
    const ask = asked();
    const who = this.#nameOf(seat) ?? "them";
    let why = !ask || !this.#onDeclare ? `a declaration the round form does not offer ${who}`
      : !Object.keys(declared).length ? "a declaration of nothing"
        : unoffered(ask, declared).length ? `a declaration of ${unoffered(ask, declared).map((k) => `“${k}”`).join(", ")} not offered ${who}`
          : null;
    let read = null;
    if (!why) {
      const response = await this.#engineRead(ask.cid, declared);
      if (!response.ok) why = `a declaration: ${response.error.message}`;
      else if (!asked() || !this.#onDeclare) why = `a declaration the round form no longer offers ${who}`;
      else read = response.result.declares;
    }
    const refused = this.#refusedRolls.get(seat.id) ?? new Map();
    this.#refusedRolls.set(seat.id, refused);
    if (why) {
      if (ask) refused.set(field, why);
      this.#refuse(seat.id, why);
      return this.#send(seat); // the player's screen shows what holds
    }
    refused.delete(field);
    this.#onDeclare({ ask: asked(), declared: read, seat: seat.id, name: this.#nameOf(seat) });
    this.#notify();
  }

  /** The engine's reading of a declaration of combatant cid at the encounter's revision. */
  async #engineRead(cid, declares) {
    const { stored } = this.#session;
    const args = { id: this.#session.id, rev: stored.log.length, combatant: cid, declares };
    const response = await this.#engine.request("encounter.declaration", args);
    if (response.ok || response.error?.type !== "SessionError") return response;
    return this.#engine.request("encounter.declaration", { ...args, encounter: stored });
  }

  /** What seat is asked now, as the player is told it. */
  #asksOf(seat) {
    const refused = this.#refusedRolls.get(seat.id);
    return this.#asks.filter((ask) => seat.you && ask.cid === seat.you)
      .map((ask) => ({ ...Object.fromEntries(TOLD.map((k) => [k, ask[k] ?? null])), refused: refused?.get(ask.field) ?? null }));
  }

  /** A player's roll: only one the round form asks of the seat's character, read by the engine
   * with the round's ruleset (its dice technique) before it goes into the form. */
  async #roll(seat, message) {
    const { field, faces, total } = message;
    const asked = () => this.#asks.find((a) => a.field === field && seat.you && a.cid === seat.you);
    const ask = asked();
    if (!ask || !this.#onRoll) return this.#refuse(seat.id, `a roll the round form did not ask of ${this.#nameOf(seat) ?? "them"}`);
    if ((faces === undefined) === (total === undefined)) return this.#refuse(seat.id, "a roll with neither faces nor a total, or both");
    const response = await this.#engine.request("roll", { ruleset: this.#ruleset, ...(faces !== undefined ? { faces } : { total }) });
    const now = asked(); // the form may have moved on while the engine read it
    const refused = this.#refusedRolls.get(seat.id) ?? new Map();
    this.#refusedRolls.set(seat.id, refused);
    if (!response.ok || !now || !this.#onRoll) {
      const why = response.ok ? `a roll the round form no longer asks of ${this.#nameOf(seat) ?? "them"}` : response.error.message;
      refused.set(field, why);
      this.#refuse(seat.id, `a roll: ${why}`);
      return this.#send(seat);
    }
    refused.delete(field);
    this.#onRoll({ ask: now, roll: response.result, seat: seat.id, name: this.#nameOf(seat) });
    this.#notify();
  }

  #nameOf(seat) {
    return this.pcs.find((pc) => pc.id === seat.you)?.name ?? null;
  }

  #send(seat) {
    if (seat.state !== "connected" || !this.shown) return;
    seat.n += 1;
    const message = { kind: "view", n: seat.n, seat: seat.id, you: seat.you, pcs: this.#free(seat), asks: this.#asksOf(seat),
      declares: this.#declaresOf(seat), view: this.shown.view };
    try {
      this.#hub.send(seat.id, message);
    } catch (err) {
      seat.message = err.message;
    }
  }

  #sendAll() {
    for (const seat of this.seats) this.#send(seat);
  }

  // --- the links' events -------------------------------------------------------------------------

  #opened(id) {
    const seat = this.seat(id);
    if (!seat) return;
    Object.assign(seat, { state: "connected", message: null, reason: null });
    this.#notify();
  }

  #dropped({ seat: id, reason, message }) {
    const seat = this.seat(id);
    if (!seat) return;
    Object.assign(seat, { state: "dropped", reason, message });
    this.#notify();
  }

  /** A player's message: hello, resync, pick, roll or declare, for its own seat; anything else is refused. */
  #received(id, message) {
    const seat = this.seat(id);
    if (!seat) return;
    const keys = plain(message) && Object.hasOwn(KEYS, message.kind) ? KEYS[message.kind] : undefined;
    if (!keys) return this.#refuse(id, described(message));
    const extra = Object.keys(message).filter((k) => !keys.includes(k) && !(k === "seat" && message.seat === id));
    if (extra.length) return this.#refuse(id, `${described(message)} for another seat or with ${extra.map((k) => `“${k.slice(0, 24)}”`).join(", ")}`);
    if (message.kind === "pick") return this.#pick(seat, message.id);
    if (message.kind === "roll") return this.#roll(seat, message);
    if (message.kind === "declare") return this.#declare(seat, message);
    this.#send(seat); // hello or resync: a whole view
    this.#notify();
  }

  #pick(seat, cid) {
    const pc = this.pcs.find((p) => p.id === cid);
    const why = !pc ? "a pick of no player character of this encounter"
      : seat.you && !seat.picked && seat.you !== cid ? "a pick after the GM seated them"
        : !this.#free(seat).some((p) => p.id === cid) ? `a pick of ${pc.name}, whom another player has` : null;
    if (why) {
      this.#refuse(seat.id, why);
      this.#send(seat); // the player's screen shows what holds
      return this.#notify();
    }
    Object.assign(seat, { you: cid, picked: true });
    this.#sendAll(); // the others' choices change too
    this.#notify();
  }

  #refuse(id, what) {
    const seat = this.seat(id);
    this.refused = [{ at: new Date(), seat: seat?.label ?? id, what }, ...this.refused].slice(0, MAX_REFUSED);
    this.#notify();
  }

  // --- the screen stays lit while a player is connected -------------------------------------------

  async #keepAwake() {
    if (this.live && document.visibilityState === "visible" && !this.#wakeLock && navigator.wakeLock?.request) {
      this.#wakeLock = "asking";
      try {
        const sentinel = await navigator.wakeLock.request("screen");
        // The browser lets it go when the page is hidden: asked again on visibilitychange.
        sentinel.addEventListener("release", () => { if (this.#wakeLock === sentinel) this.#wakeLock = null; });
        this.#wakeLock = sentinel;
      } catch {
        this.#wakeLock = null; // refused (low battery, a hidden page): the next change asks again
        return;
      }
    }
    if (!this.live && this.#wakeLock && this.#wakeLock !== "asking") {
      const sentinel = this.#wakeLock;
      this.#wakeLock = null;
      sentinel.release().catch(() => {});
    }
  }
}

/** The player's join link: play.html beside this page, the join code in its fragment. */
export function joinAddress(code) {
  return new URL(`play.html#join=${code}`, location.href).href;
}

/** The answer code in what was scanned or pasted: the code itself, or the last part of a link. */
export function answerCode(text) {
  return String(text ?? "").trim().split(/[#=/\s]/).pop();
}
