// A snapshot players' link (play.html#v=<fragment>[&c=<combatant id>]), read with no Python: the
// engine's link encoding (pyfudge/door/codec.py encode_link: "f1." + base64url of raw deflate of
// JSON) of the envelope {"type": "pyfudge/players-view", "version": 1, "data": <players' view>},
// the data checked against the view's published shape before anything is drawn.
import VIEW_SHAPE from "./players-view-shape.json" with { type: "json" };
import { misfit, describeMisfit } from "./shape.js";

export { VIEW_SHAPE };

const TYPE = "pyfudge/players-view";
const VERSION = 1;
const FORMAT = 1; // the "f1." of a link
// Caps of a reader of outside data (the codec's own: MAX_LINK_CHARS, MAX_JSON_BYTES): a link
// longer than any made, or one that inflates to more (a zip bomb), is refused unread.
const MAX_LINK_CHARS = 64_000;
const MAX_JSON_BYTES = 512_000;

/** A link this page cannot show; its message is for the player, as it is. */
export class LinkError extends Error {}

const GARBLED = "The link is garbled (it may have been cut off when copied).";

/** The route of a hash: {kind: "view", fragment, cid} | {kind: "join", code} | {kind: "none"}. */
export function route(hash) {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  if (params.has("v")) return { kind: "view", fragment: params.get("v") ?? "", cid: params.get("c") };
  if (params.has("join")) return { kind: "join", code: params.get("join") ?? "" };
  return { kind: "none" };
}

function bytesOf(base64url) {
  if (!/^[A-Za-z0-9_-]*$/.test(base64url) || base64url.length % 4 === 1) throw new LinkError(GARBLED);
  const text = atob(base64url.replace(/-/g, "+").replace(/_/g, "/").padEnd(Math.ceil(base64url.length / 4) * 4, "="));
  return Uint8Array.from(text, (c) => c.charCodeAt(0));
}

/** Raw deflate undone, stopping past MAX_JSON_BYTES. */
async function inflate(bytes) {
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
  const reader = stream.getReader();
  const parts = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.length;
      if (size > MAX_JSON_BYTES) {
        reader.cancel().catch(() => {});
        throw new LinkError("The link unpacks to more data than any encounter holds; refused.");
      }
      parts.push(value);
    }
  } catch (err) {
    if (err instanceof LinkError) throw err;
    throw new LinkError(GARBLED); // corrupt, cut off, or extra data after its end
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** The players' view a snapshot link's fragment carries; a LinkError says why not. */
export async function readFragment(fragment) {
  const text = fragment.replace(/\s+/g, "");
  if (text.length > MAX_LINK_CHARS) throw new LinkError("This link is too long to be a pyfudge link.");
  const head = /^f(\d{1,6})\./.exec(text);
  if (head && Number(head[1]) > FORMAT) {
    throw new LinkError(`This link was made by a newer pyfudge (link format ${Number(head[1])}): reload this page to update it.`);
  }
  if (!head) throw new LinkError("This is not a pyfudge players' link.");
  let envelope;
  try {
    envelope = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(await inflate(bytesOf(text.slice(head[0].length)))));
  } catch (err) {
    throw err instanceof LinkError ? err : new LinkError(GARBLED);
  }
  return readEnvelope(envelope);
}

function readEnvelope(envelope) {
  const keys = envelope && typeof envelope === "object" && !Array.isArray(envelope) ? Object.keys(envelope).sort() : [];
  if (keys.join() !== "data,type,version") throw new LinkError("This is not pyfudge data.");
  if (envelope.type !== TYPE) {
    throw new LinkError("This link is not a players' view: open it in the pyfudge app (index.html).");
  }
  if (!Number.isInteger(envelope.version) || envelope.version < 1) throw new LinkError("This is not pyfudge data.");
  if (envelope.version > VERSION) {
    throw new LinkError(`This players' view was made by a newer pyfudge (format ${envelope.version}): reload this page to update it.`);
  }
  return checkView(envelope.data);
}

/** The view if it fits the engine's published shape, else a LinkError saying where it does not. */
export function checkView(view) {
  const found = misfit(view, VIEW_SHAPE);
  if (found) throw new LinkError(`This view is not one the GM's pyfudge makes: refused. ${describeMisfit(found)}`);
  return view;
}
