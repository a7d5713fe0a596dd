// The live table's join codes: a WebRTC offer or answer packed to what must travel, and the
// full session description rebuilt from it on the other side (docs/live.md).
//
// A browser's data-channel offer is ~600 bytes of SDP; all but a few fields are the same in
// every one. A code carries only those fields, in binary, as base64url (~105-120 characters,
// a QR code of version 6-7 at level M):
//
//   byte 0       VERSION
//   byte 1       bit 0: 0 offer, 1 answer; bits 1-2: setup role (SETUPS); bits 3-7: 0
//   [answer]     2 bytes: the tag of the offer it answers (offerTag), so the GM's hub finds
//                which invitation a scanned answer belongs to, and refuses one for another
//   ICE ufrag    1 byte: its length in characters, then 6 bits a character (ICE's characters
//   ICE pwd      are exactly base64's: A-Z a-z 0-9 + /)
//   fingerprint  32 bytes: the DTLS certificate's sha-256
//   candidates   each a host UDP candidate: 1 byte kind (4: IPv4 + 4 bytes, 6: IPv6 + 16 bytes,
//                "m": an mDNS name <uuid>.local + 16 bytes, "n": another .local name + 1 byte
//                length + ASCII), then 2 bytes port; until the checksum
//   last byte    CRC-8 of all before: a code damaged in copying is refused, not tried
//
// Only host candidates travel: the connection is made with `iceServers: []`, so there is never a
// server-reflexive or relayed one, and nothing else would be reachable at a table anyway.

export const VERSION = 1;
const SETUPS = ["actpass", "active", "passive"];
const KIND_IPV4 = 4;
const KIND_IPV6 = 6;
const KIND_MDNS = "m".charCodeAt(0);
const KIND_NAME = "n".charCodeAt(0);
const FINGERPRINT_BYTES = 32;
// A code the size a QR code stays quick to scan (version 7 at level M holds 122 bytes). A
// description whose candidates do not all fit keeps the browser's best ranked first (never
// fewer than one); the other side's checks still reach an address that was left out (they
// arrive as peer-reflexive candidates).
export const MAX_CODE_CHARS = 120;
const SCTP_PORT = 5000;
const MAX_MESSAGE_SIZE = 262144;

/** An error the live table shows as it is: `message` is plain words for the user, `code` one
 * of "not-ours", "newer", "damaged", "wrong-kind", "no-address", "unreachable", "too-large",
 * "not-open", "bad-description" for the code that handles it. */
export class LiveError extends Error {
  constructor(code, message) {
    super(message);
    this.name = "LiveError";
    this.code = code;
  }
}

const B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const B64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

// --- reading a browser's SDP ---------------------------------------------------------------

/** The fields a code carries, read from a browser's description ({type, sdp}). */
export function readDescription({ type, sdp }) {
  if (type !== "offer" && type !== "answer") {
    throw new LiveError("bad-description", `Only an offer or an answer can be packed, not "${type}".`);
  }
  const value = (name) => sdp.match(new RegExp(`^a=${name}:(.*?)\\s*$`, "m"))?.[1];
  const ufrag = value("ice-ufrag"), pwd = value("ice-pwd"), setup = value("setup");
  const fingerprint = sdp.match(/^a=fingerprint:sha-256 ([0-9A-Fa-f:]+)\s*$/m)?.[1];
  if (!ufrag || !pwd || !fingerprint || !SETUPS.includes(setup)) {
    throw new LiveError("bad-description",
      "This browser's connection description lacks a field the live table needs (ICE credentials, " +
      "a sha-256 fingerprint or a setup role).");
  }
  const candidates = [];
  for (const [, line] of sdp.matchAll(/^a=candidate:(.*?)\s*$/gm)) {
    // foundation component transport priority address port "typ" type ...
    const [, component, transport, priority, address, port, , kind] = line.split(" ");
    if (component === "1" && transport.toLowerCase() === "udp" && kind === "host") {
      candidates.push({ address, port: Number(port), priority: Number(priority) });
    }
  }
  candidates.sort((a, b) => b.priority - a.priority);
  return {
    type, setup, ufrag, pwd,
    fingerprint: Uint8Array.from(fingerprint.split(":"), (h) => parseInt(h, 16)),
    candidates: candidates.map(({ address, port }) => ({ address, port })),
  };
}

/** The mid of a description's data channel (the answer rebuilt on the GM's side must use its
 * offer's). */
export const midOf = (sdp) => sdp.match(/^a=mid:(\S+)/m)?.[1] ?? "0";

/** A short tag of an offer (FNV-1a of its ICE credentials, 16 bits): an answer carries its
 * offer's tag. Not a secret: the DTLS fingerprint is what proves who is connected. */
export function offerTag({ ufrag, pwd }) {
  let h = 0x811c9dc5;
  for (const ch of `${ufrag}:${pwd}`) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return ((h >>> 16) ^ h) & 0xffff;
}

// --- packing ---------------------------------------------------------------------------------

/** Pack a browser's offer or answer ({type, sdp}) into a code; an answer needs `answers`, the
 * tag of the offer it answers. Throws LiveError "no-address" when the description has no host
 * candidate. */
export function pack(description, { answers, maxChars = MAX_CODE_CHARS } = {}) {
  const fields = readDescription(description);
  if (!fields.candidates.length) throw noAddress();
  const head = [VERSION, (fields.type === "answer" ? 1 : 0) | (SETUPS.indexOf(fields.setup) << 1)];
  if (fields.type === "answer") {
    if (!Number.isInteger(answers)) throw new TypeError("pack: an answer needs the tag of its offer");
    head.push(answers >> 8, answers & 0xff);
  }
  const bytes = [...head, ...iceChars(fields.ufrag), ...iceChars(fields.pwd), ...fields.fingerprint];
  const maxBytes = Math.floor((maxChars * 6) / 8) - 1; // the checksum's byte
  let kept = 0;
  for (const candidate of fields.candidates) {
    const packed = packCandidate(candidate);
    if (!packed || (kept && bytes.length + packed.length > maxBytes)) continue;
    bytes.push(...packed);
    kept++;
  }
  if (!kept) throw noAddress();
  bytes.push(crc8(bytes));
  return base64url(Uint8Array.from(bytes));
}

export function noAddress() {
  return new LiveError("no-address",
    "This browser offered no local network address, so no phone can connect to it. Check that " +
    "this device is on the table's Wi-Fi (a phone that is itself the hotspot offers none: let " +
    "another phone or a router host the network), allow the camera when asked, or use the " +
    "players' snapshot link instead.");
}

function iceChars(text) {
  if (!/^[A-Za-z0-9+/]{1,255}$/.test(text)) {
    throw new LiveError("bad-description", "This browser's ICE credentials use characters ICE does not allow.");
  }
  const out = [text.length];
  let acc = 0, bits = 0;
  for (const ch of text) {
    acc = (acc << 6) | B64.indexOf(ch);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out.push((acc >> bits) & 0xff);
    }
  }
  if (bits) out.push((acc << (8 - bits)) & 0xff);
  return out;
}

const UUID = /^([0-9a-f]{8})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{12})\.local$/i;

/** A candidate's bytes (kind, address, port), or null for an address no table can use. */
function packCandidate({ address, port }) {
  const tail = [port >> 8, port & 0xff];
  const uuid = address.match(UUID);
  if (uuid) return [KIND_MDNS, ...hexBytes(uuid.slice(1).join("")), ...tail];
  if (/\.local$/i.test(address) && address.length <= 255 && /^[\x21-\x7e]+$/.test(address)) {
    return [KIND_NAME, address.length, ...[...address].map((c) => c.charCodeAt(0)), ...tail];
  }
  const v4 = ipv4Bytes(address);
  if (v4) return [KIND_IPV4, ...v4, ...tail];
  const v6 = ipv6Bytes(address);
  return v6 ? [KIND_IPV6, ...v6, ...tail] : null;
}

function ipv4Bytes(text) {
  const parts = text.split(".");
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) < 256)) return null;
  return parts.map(Number);
}

function ipv6Bytes(text) {
  if (text.includes("%")) return null; // a scoped (link-local) address means nothing on another device
  let head = text, tailV4 = [];
  const lastColon = text.lastIndexOf(":");
  if (text.slice(lastColon + 1).includes(".")) { // ::ffff:192.0.2.1
    const v4 = ipv4Bytes(text.slice(lastColon + 1));
    if (!v4) return null;
    tailV4 = v4;
    head = text.slice(0, lastColon + 1) + "0:0";
  }
  const halves = head.split("::");
  if (halves.length > 2) return null;
  const groups = (s) => (s ? s.split(":") : []);
  const left = groups(halves[0]), right = halves.length === 2 ? groups(halves[1]) : [];
  const missing = 8 - left.length - right.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  const all = [...left, ...Array(missing).fill("0"), ...right];
  if (!all.every((g) => /^[0-9a-f]{1,4}$/i.test(g))) return null;
  const bytes = all.flatMap((g) => [parseInt(g, 16) >> 8, parseInt(g, 16) & 0xff]);
  if (tailV4.length) bytes.splice(12, 4, ...tailV4);
  return bytes;
}

const hexBytes = (hex) => Array.from({ length: hex.length / 2 }, (_, i) => parseInt(hex.slice(2 * i, 2 * i + 2), 16));
const hex = (bytes) => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");

// CRC-8 (polynomial 0x07): catches every change of one or two characters of a code.
function crc8(bytes) {
  let crc = 0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let i = 0; i < 8; i++) crc = crc & 0x80 ? ((crc << 1) ^ 0x07) & 0xff : (crc << 1) & 0xff;
  }
  return crc;
}

function base64url(bytes) {
  let out = "";
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i] << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    const chars = Math.ceil(((Math.min(3, bytes.length - i)) * 8) / 6);
    for (let j = 0; j < chars; j++) out += B64URL[(n >> (18 - 6 * j)) & 63];
  }
  return out;
}

// --- unpacking -------------------------------------------------------------------------------

const NOT_OURS = () => new LiveError("not-ours",
  "This is not a pyfudge live-table code: scan the code the other phone shows in pyfudge.");
const DAMAGED = () => new LiveError("damaged",
  "This live-table code is damaged (cut short or mistyped): scan it again, or copy it whole.");

/** The fields of a code (throws LiveError "not-ours", "newer" or "damaged"): {type, setup,
 * answers (an answer's only: its offer's tag), ufrag, pwd, fingerprint (32 bytes), candidates
 * [{address, port}]}. */
export function readCode(code) {
  const text = String(code ?? "").trim();
  if (!/^[A-Za-z0-9_-]+$/.test(text) || text.length % 4 === 1) throw NOT_OURS();
  const { bytes, clean } = unbase64url(text);
  if (bytes[0] !== VERSION) {
    if (bytes[0] > VERSION && bytes[0] < 16) {
      throw new LiveError("newer", "This live-table code comes from a newer pyfudge: reload the app on both phones.");
    }
    throw NOT_OURS();
  }
  if (!clean || bytes.length < 2 + 2 + 2 + FINGERPRINT_BYTES + 4 || crc8(bytes.subarray(0, -1)) !== bytes.at(-1)) {
    throw DAMAGED();
  }
  const flags = bytes[1];
  if (flags >> 3 || (flags >> 1) >= SETUPS.length) throw DAMAGED();
  const reader = new Reader(bytes.subarray(0, -1), 2);
  const type = flags & 1 ? "answer" : "offer";
  const answers = type === "answer" ? (reader.byte() << 8) | reader.byte() : undefined;
  const ufrag = reader.iceChars(), pwd = reader.iceChars();
  const fingerprint = reader.take(FINGERPRINT_BYTES);
  const candidates = [];
  while (!reader.done()) candidates.push(reader.candidate());
  if (!candidates.length) throw DAMAGED();
  return { type, setup: SETUPS[flags >> 1], ...(type === "answer" && { answers }), ufrag, pwd, fingerprint, candidates };
}

class Reader {
  constructor(bytes, at) {
    this.bytes = bytes;
    this.at = at;
  }
  done() {
    return this.at >= this.bytes.length;
  }
  take(n) {
    if (this.at + n > this.bytes.length) throw DAMAGED();
    this.at += n;
    return this.bytes.slice(this.at - n, this.at);
  }
  byte() {
    return this.take(1)[0];
  }
  iceChars() {
    const length = this.byte();
    if (!length) throw DAMAGED();
    const packed = this.take(Math.ceil((length * 6) / 8));
    let out = "";
    for (let i = 0; i < length; i++) {
      const bit = i * 6, byte = bit >> 3, shift = bit & 7;
      const word = (packed[byte] << 8) | (packed[byte + 1] ?? 0);
      out += B64[(word >> (10 - shift)) & 63];
    }
    return out;
  }
  candidate() {
    const kind = this.byte();
    let address;
    if (kind === KIND_IPV4) address = Array.from(this.take(4)).join(".");
    else if (kind === KIND_IPV6) address = hex(this.take(16)).match(/..../g).map((g) => g.replace(/^0{1,3}/, "")).join(":");
    else if (kind === KIND_MDNS) {
      const h = hex(this.take(16));
      address = `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}.local`;
    } else if (kind === KIND_NAME) {
      address = String.fromCharCode(...this.take(this.byte()));
      if (!/^[\x21-\x7e]+\.local$/i.test(address)) throw DAMAGED();
    } else throw DAMAGED();
    const [hi, lo] = this.take(2);
    const port = (hi << 8) | lo;
    if (!port) throw DAMAGED();
    return { address, port };
  }
}

function unbase64url(text) {
  const out = new Uint8Array(Math.floor((text.length * 6) / 8));
  let acc = 0, bits = 0, at = 0;
  for (const ch of text) {
    acc = ((acc << 6) | B64URL.indexOf(ch)) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[at++] = (acc >> bits) & 0xff;
    }
  }
  // The last character's spare bits are zero in a code we made: other ones mean it was changed.
  return { bytes: out, clean: !(acc & ((1 << bits) - 1)) };
}

/** A code (or its fields, from readCode) as the full description a browser takes:
 * {type, sdp}. `mid` is the data channel's media id (an answer must carry its offer's). */
export function unpack(code, { mid = "0" } = {}) {
  const f = typeof code === "string" ? readCode(code) : code;
  const fingerprint = Array.from(f.fingerprint, (b) => b.toString(16).toUpperCase().padStart(2, "0")).join(":");
  // Host candidates ranked as they travelled (the sender's best first), as a browser ranks them.
  const candidates = f.candidates.map(({ address, port }, i) =>
    `a=candidate:${i + 1} 1 udp ${2113937151 - i * 256} ${address} ${port} typ host generation 0`);
  const sdp = [
    "v=0",
    "o=- 1 2 IN IP4 127.0.0.1",
    "s=-",
    "t=0 0",
    `a=group:BUNDLE ${mid}`,
    "a=msid-semantic: WMS",
    "m=application 9 UDP/DTLS/SCTP webrtc-datachannel",
    "c=IN IP4 0.0.0.0",
    ...candidates,
    "a=end-of-candidates",
    `a=ice-ufrag:${f.ufrag}`,
    `a=ice-pwd:${f.pwd}`,
    `a=fingerprint:sha-256 ${fingerprint}`,
    `a=setup:${f.setup}`,
    `a=mid:${mid}`,
    `a=sctp-port:${SCTP_PORT}`,
    `a=max-message-size:${MAX_MESSAGE_SIZE}`,
    "",
  ].join("\r\n");
  return { type: f.type, sdp };
}
