// The live table's connections: WebRTC data channels with no server (docs/live.md). The GM's
// page is the hub, one RTCPeerConnection per player; the offer and answer travel as codes
// (signal.js) in QR codes, links or copied text.
//
//   GM:      const hub = new Hub(options);
//            const code = await hub.invite("seat-1");  // show it (qr.js); a seat invited again
//                                                      // is replaced (a player who rejoins)
//            const seat = await hub.accept(answerCode); // resolves when the channel is open
//            hub.send(seat, message); hub.broadcast(message);
//            hub events: "open" {seat}, "message" {seat, message}, "drop" {seat, reason, message},
//                        "refused" {seat, reason}, "close" {seat}
//   Player:  const { link, code } = await join(offerCode, options); // show code to the GM
//            await link.opened(ms);  link.send(message);
//            link events: "open", "message" {message}, "drop" {reason, message}, "refused" {reason},
//                         "close"
//
// Messages are any JSON value, each at most `maxMessageBytes` once serialised; received ones
// beyond `maxRate` a second (bursts of `maxBurst`) are refused, not delivered. Both sides send a
// heartbeat every `heartbeatMs`; a link that hears nothing for `dropAfterMs` is dropped ("silent")
// and its connection closed: reconnecting is a new invitation, scanned again. Every failure is a
// LiveError (signal.js) whose message can be shown as it is.
//
// No camera here: browsers reveal local addresses to WebRTC only with a media permission or a
// default route, and the QR scanner needs the camera anyway, so the UI passes
// `beforeConnection`, awaited before each RTCPeerConnection is made (e.g. a function that asks
// for the camera once); this module never asks for media itself.
import { LiveError, MAX_CODE_CHARS, midOf, offerTag, pack, readCode, unpack } from "./signal.js";

export const DEFAULTS = Object.freeze({
  gatherTimeoutMs: 4000, // ICE gathering waited for at most this; then the addresses found so far
  // …or until no new address came for this long: a browser finds its host addresses at once
  // (Chromium: ~15 ms) but says gathering is complete only ~120 ms later.
  settleMs: 50,
  connectTimeoutMs: 10000, // the GM, from accepting an answer to an open channel
  heartbeatMs: 2000,
  dropAfterMs: 6000,
  maxMessageBytes: 65536,
  maxRate: 20,
  maxBurst: 40,
  maxChars: MAX_CODE_CHARS,
  beforeConnection: null,
});

// No STUN or TURN: nothing leaves the local network, and no server is asked for anything
// (RTCPeerConnection is not governed by the page's connect-src: this is the guarantee).
const CONFIG = Object.freeze({ iceServers: [] });
// Pre-negotiated (same id on both sides): the player has its channel before the offer arrives.
const CHANNEL = Object.freeze({ negotiated: true, id: 0, ordered: true });

const DROPS = {
  silent: "The other phone stopped answering (its screen locked, it left the Wi-Fi, or the app " +
    "was closed). Scan a new join code to reconnect.",
  left: "The other phone left the live table.",
  closed: "The connection to the other phone closed. Scan a new join code to reconnect.",
  unreachable: "Could not reach the other phone. Both must be on the same Wi-Fi, and guest or café " +
    "networks that keep devices apart cannot be used: try another network, or the players' snapshot link.",
};

const bytesOf = (text) => new TextEncoder().encode(text).length;

/** One data channel to another phone, with its heartbeat. Made by Hub and join(). */
export class Link extends EventTarget {
  #pc;
  #channel;
  #options;
  #beats = null;
  #silence = null; // drops the link when nothing is heard for dropAfterMs
  #tokens;
  #refilled = performance.now();
  state = "connecting"; // then "open", and at the end "dropped" (not our doing) or "closed"
  dropReason = null; // once dropped: "silent", "left", "closed" or "unreachable"

  constructor(pc, channel, options) {
    super();
    this.#pc = pc;
    this.#channel = channel;
    this.#options = options;
    this.#tokens = options.maxBurst;
    channel.addEventListener("open", () => this.#opened());
    channel.addEventListener("message", (e) => this.#received(e.data));
    channel.addEventListener("close", () => this.#drop("closed"));
    pc.addEventListener("connectionstatechange", () => {
      if (pc.connectionState === "failed") this.#drop(this.state === "open" ? "closed" : "unreachable");
    });
  }

  /** The RTCPeerConnection (to read its descriptions or statistics; not to change it). */
  get pc() {
    return this.#pc;
  }

  /** Resolves once the channel is open; rejects with the LiveError of a drop or a close, or
   * drops the link as "unreachable" after timeoutMs (none: wait as long as it takes). */
  opened(timeoutMs) {
    if (this.state === "open") return Promise.resolve();
    if (this.state !== "connecting") return Promise.reject(this.#ended());
    return new Promise((resolve, reject) => {
      const timer = timeoutMs ? setTimeout(() => this.#drop("unreachable"), timeoutMs) : null;
      const settle = () => {
        clearTimeout(timer);
        for (const type of ["open", "drop", "close"]) this.removeEventListener(type, settle);
        if (this.state === "open") resolve();
        else reject(this.#ended());
      };
      for (const type of ["open", "drop", "close"]) this.addEventListener(type, settle);
    });
  }

  /** Send a JSON value; throws LiveError "not-open" or "too-large". */
  send(message) {
    if (this.state !== "open") {
      throw new LiveError("not-open", "Not connected to the other phone: nothing was sent.");
    }
    const frame = JSON.stringify({ t: "msg", d: message });
    if (bytesOf(frame) > this.#options.maxMessageBytes) {
      throw new LiveError("too-large",
        `This message is too large to send live (over ${this.#options.maxMessageBytes} bytes): nothing was sent.`);
    }
    this.#channel.send(frame);
  }

  /** Leave: the other side is told ("left") when the channel still carries it. */
  close() {
    if (this.state === "dropped" || this.state === "closed") return;
    if (this.#channel.readyState === "open") this.#channel.send(JSON.stringify({ t: "bye" }));
    this.state = "closed";
    this.#stop();
    this.dispatchEvent(new CustomEvent("close"));
  }

  #ended() {
    return this.state === "dropped" ? new LiveError(this.dropReason, DROPS[this.dropReason])
      : new LiveError("closed", "The live connection was closed on this phone.");
  }

  #opened() {
    if (this.state !== "connecting") return;
    this.state = "open";
    this.#heard();
    this.#beats = setInterval(() => {
      if (this.#channel.readyState === "open") this.#channel.send(JSON.stringify({ t: "hb" }));
    }, this.#options.heartbeatMs);
    this.dispatchEvent(new CustomEvent("open"));
  }

  #heard() {
    clearTimeout(this.#silence);
    this.#silence = setTimeout(() => this.#drop("silent"), this.#options.dropAfterMs);
  }

  #received(data) {
    if (this.state !== "open") return;
    this.#heard();
    const now = performance.now();
    const { maxRate, maxBurst } = this.#options;
    this.#tokens = Math.min(maxBurst, this.#tokens + ((now - this.#refilled) / 1000) * maxRate);
    this.#refilled = now;
    if (this.#tokens < 1) return this.#refuse("too-fast");
    this.#tokens -= 1;
    if (typeof data !== "string") return this.#refuse("not-text");
    if (bytesOf(data) > this.#options.maxMessageBytes) return this.#refuse("too-large");
    let frame;
    try {
      frame = JSON.parse(data);
    } catch {
      return this.#refuse("not-json");
    }
    if (frame?.t === "hb") return;
    if (frame?.t === "bye") return this.#drop("left");
    if (frame?.t !== "msg" || !("d" in frame)) return this.#refuse("unknown");
    this.dispatchEvent(new CustomEvent("message", { detail: { message: frame.d } }));
  }

  #refuse(reason) {
    this.dispatchEvent(new CustomEvent("refused", { detail: { reason } }));
  }

  #drop(reason) {
    if (this.state === "dropped" || this.state === "closed") return;
    this.state = "dropped";
    this.dropReason = reason;
    this.#stop();
    this.dispatchEvent(new CustomEvent("drop", { detail: { reason, message: DROPS[reason] } }));
  }

  #stop() {
    clearInterval(this.#beats);
    clearTimeout(this.#silence);
    this.#channel.close();
    this.#pc.close();
  }
}

async function connection(options) {
  await options.beforeConnection?.();
  const pc = new RTCPeerConnection(CONFIG);
  return { pc, link: new Link(pc, pc.createDataChannel("pyfudge", CHANNEL), options) };
}

/** The local description once ICE gathering is complete or no new address came for settleMs,
 * or after gatherTimeoutMs with what it has. */
async function gathered(pc, { gatherTimeoutMs, settleMs }) {
  if (pc.iceGatheringState !== "complete") {
    await new Promise((resolve) => {
      let settle = null;
      const timer = setTimeout(done, gatherTimeoutMs);
      const state = () => pc.iceGatheringState === "complete" && done();
      const candidate = () => {
        clearTimeout(settle);
        settle = setTimeout(done, settleMs);
      };
      function done() {
        clearTimeout(timer);
        clearTimeout(settle);
        pc.removeEventListener("icegatheringstatechange", state);
        pc.removeEventListener("icecandidate", candidate);
        resolve();
      }
      pc.addEventListener("icegatheringstatechange", state);
      pc.addEventListener("icecandidate", candidate);
      if (/^a=candidate:/m.test(pc.localDescription.sdp)) candidate();
    });
  }
  return pc.localDescription;
}

/** The GM's side: one connection per seat (a player's place at the table). */
export class Hub extends EventTarget {
  #options;
  #seats = new Map(); // seat -> {link, tag, accepted}

  constructor(options = {}) {
    super();
    this.#options = { ...DEFAULTS, ...options };
  }

  /** A join code for seat (any string the UI names a player's place by). A seat invited again
   * loses its old connection: the player who rejoins. Throws LiveError "no-address". */
  async invite(seat) {
    this.#seats.get(seat)?.link.close();
    this.#seats.delete(seat);
    const { pc, link } = await connection(this.#options);
    try {
      await pc.setLocalDescription(await pc.createOffer());
      const offer = await gathered(pc, this.#options);
      const code = pack(offer, { maxChars: this.#options.maxChars });
      const tag = offerTag(readCode(code));
      if ([...this.#seats.values()].some((s) => s.tag === tag && !s.accepted)) {
        // Two waiting invitations with one tag (1 in 65,536): an answer could not tell them apart.
        link.close();
        return this.invite(seat);
      }
      this.#seats.set(seat, { link, tag, accepted: false });
      this.#relay(seat, link);
      return code;
    } catch (err) {
      link.close();
      throw err;
    }
  }

  /** Take a player's answer code; resolves with its seat once the channel is open. Throws
   * LiveError "not-ours", "damaged", "wrong-kind", "wrong-offer" or "unreachable". */
  async accept(answerCode) {
    const fields = readCode(answerCode);
    if (fields.type !== "answer") {
      throw new LiveError("wrong-kind", "This is a join code, not a player's answer: scan the code the player's phone shows.");
    }
    const found = [...this.#seats].find(([, s]) => s.tag === fields.answers && !s.accepted);
    if (!found) {
      throw new LiveError("wrong-offer",
        "This answer belongs to another join code (an older one, or another table's): let the player scan the current one.");
    }
    const [seat, entry] = found;
    entry.accepted = true; // before the await: the same answer scanned twice is taken once
    const { pc } = entry.link;
    try {
      await pc.setRemoteDescription(unpack(fields, { mid: midOf(pc.localDescription.sdp) }));
    } catch (err) {
      entry.accepted = false;
      throw err;
    }
    await entry.link.opened(this.#options.connectTimeoutMs);
    return seat;
  }

  link(seat) {
    return this.#seats.get(seat)?.link;
  }

  get seats() {
    return [...this.#seats.keys()];
  }

  send(seat, message) {
    const link = this.link(seat);
    if (!link) throw new LiveError("not-open", "No player is connected at this place: nothing was sent.");
    link.send(message);
  }

  /** Send to every open link; returns how many it reached. */
  broadcast(message) {
    let sent = 0;
    for (const { link } of this.#seats.values()) {
      if (link.state === "open") {
        link.send(message);
        sent++;
      }
    }
    return sent;
  }

  /** End the live table: every link closed. */
  close() {
    for (const { link } of this.#seats.values()) link.close();
    this.#seats.clear();
  }

  // The seat's events, while the link is still the seat's (a replaced link falls silent).
  #relay(seat, link) {
    for (const type of ["open", "message", "drop", "refused", "close"]) {
      link.addEventListener(type, (e) => {
        if (this.#seats.get(seat)?.link !== link) return;
        this.dispatchEvent(new CustomEvent(type, { detail: { seat, ...e.detail } }));
      });
    }
  }
}

/** The player's side: from the GM's join code, the answer code to show the GM, and the link
 * that opens once the GM has taken it. Throws LiveError "not-ours", "damaged", "wrong-kind" or
 * "no-address". */
export async function join(offerCode, options = {}) {
  const opts = { ...DEFAULTS, ...options };
  const offer = readCode(offerCode);
  if (offer.type !== "offer") {
    throw new LiveError("wrong-kind", "This is a player's answer, not a join code: scan the code the GM's phone shows.");
  }
  const { pc, link } = await connection(opts);
  try {
    await pc.setRemoteDescription(unpack(offer));
    await pc.setLocalDescription(await pc.createAnswer());
    const answer = await gathered(pc, opts);
    return { link, code: pack(answer, { answers: offerTag(offer), maxChars: opts.maxChars }) };
  } catch (err) {
    link.close();
    throw err;
  }
}

export { LiveError };
