// A <details> whose body is drawn only once it has been opened. The encounter screen keeps most
// of itself folded (the rules form, adding a fighter, declarations, the odds' tables: some 900
// of its 1,200 elements with six fighters), and drawing all of that at first paint was most of
// the screen's first render (docs/performance.md, "Folds drawn when opened"). Once drawn, a body
// stays drawn when folded again, so what was typed into it is kept.
import { html, useState } from "../../vendor/preact-htm.mjs";

/** `<${Fold} summary=${…} open=${…} ...attrs>body</${Fold}>`: `summary` is the <summary>'s
 * content; `open` opens it from the code (it is drawn then too); other attributes go on the
 * <details>. The body is drawn on the summary's click, before the browser opens the fold, so
 * it never opens empty; `toggle` covers an opening from elsewhere (a script, find in page). */
export function Fold({ summary, open = false, children, ...attrs }) {
  const [drawn, setDrawn] = useState(false);
  const draw = () => setDrawn(true);
  const toggle = (e) => {
    if (e.currentTarget.open) setDrawn(true);
  };
  return html`<details ...${attrs} open=${open || undefined} onToggle=${toggle}>
    <summary onClick=${draw}>${summary}</summary>
    ${(drawn || open) && children}
  </details>`;
}
