// "Scan the GM's code" on the players' page, for a phone whose camera app does not open links:
// the camera opens on a tap (never before it: a player who opened a link is asked for nothing),
// its frames are read for QR codes (live/scan.js) until one opens, as a pasted code would. The
// camera stops then, on Cancel, and when the page leaves this screen.
import { html, useEffect, useRef, useState } from "../../vendor/preact-htm.mjs";
import { rearCamera, stopStream, watchVideo } from "../live/scan.js";

/** onText(text): opens what was scanned and returns null, or returns why it cannot (scanning
 * goes on, the reason shown). */
export function ScanButton({ onText }) {
  const [state, setState] = useState({ step: "off" }); // "off" | "starting" | "on", and a message
  const video = useRef(null);
  const stream = useRef(null);
  const attempt = useRef(0); // a camera that opens after Cancel, or after the screen went, is stopped
  const latest = useRef(onText);
  latest.current = onText;
  const close = () => {
    stopStream(stream.current);
    stream.current = null;
  };
  useEffect(() => () => {
    attempt.current += 1;
    close();
  }, []);
  useEffect(() => {
    if (state.step !== "on") return undefined;
    video.current.srcObject = stream.current;
    video.current.play().catch(() => {});
    return watchVideo(video.current, (text) => {
      const refused = latest.current(text);
      if (!refused) {
        close();
        setState({ step: "off" });
      } else setState({ step: "on", message: refused });
    }, (err) => {
      close();
      setState({ step: "off", message: err.message });
    });
  }, [state.step]);

  async function start() {
    const mine = ++attempt.current;
    setState({ step: "starting" });
    try {
      const got = await rearCamera();
      if (mine !== attempt.current) return stopStream(got);
      stream.current = got;
      setState({ step: "on" });
    } catch (err) {
      if (mine === attempt.current) setState({ step: "off", message: err.message });
    }
  }
  function cancel() {
    attempt.current += 1;
    close();
    setState({ step: "off" });
  }

  const said = state.message && html`<p class="error" role="alert" data-testid="scan-error">${state.message}</p>`;
  if (state.step === "off") {
    return html`
      <div class="stack">
        <div class="actions start"><button type="button" class="primary" onClick=${start}>Scan the GM's code</button></div>
        ${said}
      </div>`;
  }
  return html`
    <div class="stack" data-testid="scan">
      ${state.step === "starting" ? html`<p class="hint" role="status">Opening the camera…</p>`
        : html`<video ref=${video} class="scanner" muted playsinline
            aria-label="The camera: hold the GM's QR code in view"></video>`}
      <p class="hint">Hold the QR code the GM's phone shows in view.</p>
      ${said}
      <div class="actions start"><button type="button" onClick=${cancel}>Cancel</button></div>
    </div>`;
}
