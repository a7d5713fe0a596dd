// Reading QR codes from the camera: the GM scans a player's answer (screens/live-screen.js), a
// player scans the GM's join code (play/scan-button.js). Each frame of a playing <video> is read
// every SCAN_EVERY_MS by the platform's BarcodeDetector where the browser has one (Chrome on
// Android), else by jsQR (vendored by build.py as vendor/jsqr.mjs: Apache-2.0), which is imported
// only then, so that it is never part of a first visit.

export const SCAN_EVERY_MS = 120;
// Frames are read at most this wide or high: a code held up to the camera fills a good part of
// the frame, and jsQR's time grows with the pixels (a 640×480 frame: ~15–35 ms here).
const MAX_SIDE = 640;
// Resolved against the page, not this module: the pages' bundles (js/main.js, js/play/main.js)
// hold this module at another depth, and both pages sit beside vendor/. Not a literal either, so
// that esbuild leaves it out of the bundles.
const DECODER = "vendor/jsqr.mjs";

/** The rear camera's stream (for a player's phone, which has no stream of its own yet); throws
 * an Error whose message says in plain words why there is none. */
export async function rearCamera() {
  if (!navigator.mediaDevices?.getUserMedia) {
    throw new Error("This browser lets the page use no camera here (it needs an https address).");
  }
  try {
    return await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false });
  } catch (err) {
    throw new Error(err?.name === "NotAllowedError" ? "The camera was not allowed."
      : err?.name === "NotFoundError" ? "This device has no camera the page can use."
        : `The camera did not start (${err?.message ?? err}).`);
  }
}

/** Stop every track of a stream (the camera's light goes off). */
export function stopStream(stream) {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

/** A reader of one frame of a video: (video) => its QR code's text, or null. The platform's
 * where it reads QR codes, else jsQR's (imported now: a failure to load it is thrown, in words). */
async function frameReader() {
  const formats = typeof BarcodeDetector === "function"
    ? await (BarcodeDetector.getSupportedFormats?.() ?? ["qr_code"]) : [];
  if (formats.includes("qr_code")) {
    const detector = new BarcodeDetector({ formats: ["qr_code"] });
    return async (video) => (await detector.detect(video))[0]?.rawValue ?? null;
  }
  let jsQR;
  try {
    ({ default: jsQR } = await import(new URL(DECODER, document.baseURI).href));
  } catch {
    throw new Error("The QR code reader did not load (is this phone offline?).");
  }
  const canvas = document.createElement("canvas");
  const context = canvas.getContext("2d", { willReadFrequently: true });
  return (video) => {
    const scale = Math.min(1, MAX_SIDE / Math.max(video.videoWidth, video.videoHeight));
    canvas.width = Math.round(video.videoWidth * scale);
    canvas.height = Math.round(video.videoHeight * scale);
    context.drawImage(video, 0, 0, canvas.width, canvas.height);
    const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
    // Our codes are dark on light: no second pass on the inverted image.
    return jsQR(data, canvas.width, canvas.height, { inversionAttempts: "dontInvert" })?.data || null;
  };
}

/** Read QR codes from a playing video until the returned stop() is called: onText(text) once for
 * each code seen (not again while the same one stays in view); onError(error) if no reader could
 * be had. A frame is read SCAN_EVERY_MS after the last one was read, so a slow phone is never
 * asked for more than it can do. */
export function watchVideo(video, onText, onError = () => {}) {
  let stopped = false;
  let timer = null;
  let last = null;
  frameReader().then((read) => {
    const tick = async () => {
      if (stopped) return;
      if (video.readyState >= 2 && video.videoWidth > 0) {
        let text = null;
        try {
          text = await read(video);
        } catch {
          // a frame not ready to be read: the next one
        }
        if (stopped) return;
        if (text && text !== last) {
          last = text;
          onText(text);
        }
      }
      if (!stopped) timer = setTimeout(tick, SCAN_EVERY_MS);
    };
    tick();
  }, (err) => { if (!stopped) onError(err); });
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
