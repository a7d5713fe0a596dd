// The dice panel: pick a trait level, roll 4dF or enter four faces, show the result.
// Every rule (ladder names, dice totals, results) comes from the engine; this file only
// moves values between the form and the engine and formats numbers for display.
import * as prefsStore from "../data/prefs-store.js";

const FACE_SYMBOL = { "-1": "−", 0: "0", 1: "+" };
const FACE_NAME = { "-1": "minus", 0: "blank", 1: "plus" };

/** "+2", "0", "−1" (a real minus sign). */
export function signed(n) {
  return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "0";
}

export class DicePanel {
  constructor(doc) {
    this.doc = doc;
    this.el = (id) => doc.getElementById(id);
    this.level = this.el("level");
    this.buttons = [this.el("roll"), this.el("read")];
    this.dice = [0, 1, 2, 3].map((i) => this.el(`die-${i}`));
    this.engine = null;
    // The ladder kept from the last visit, drawn at once if it is the shape the engine gives
    // ({levels: [{value, name}]}); any other record is a bad cache: dropped, the engine's used.
    const saved = prefsStore.loadLadder();
    if (saved) this.#fillLadder(saved.levels);

    this.level.addEventListener("change", () => prefsStore.saveLevel(Number(this.level.value)));
    this.el("roll-form").addEventListener("submit", (event) => {
      event.preventDefault();
      this.#roll({ level: Number(this.level.value) }, "roll-error");
    });
    const faces = this.el("faces-form");
    faces.addEventListener("submit", (event) => {
      event.preventDefault();
      const chosen = this.dice.map((die) => die.querySelector("input:checked"));
      const args = { level: Number(this.level.value), faces: chosen.map((c) => (c ? Number(c.value) : null)) };
      this.#roll(args, "faces-error");
    });
    faces.addEventListener("reset", () => this.#showError(null));
    faces.addEventListener("change", () => this.#markInvalid(null));
  }

  /** Use this engine for every request; the panel's buttons wait for a ladder. */
  connect(engine) {
    this.engine = engine;
  }

  /** Ask the engine for the ladder and keep it for the next visit's first paint. */
  async loadLadder() {
    const response = await this.engine.request("ladder");
    if (!response.ok) return this.#showError(response.error, "roll-error");
    prefsStore.saveLadder(response.result);
    this.#fillLadder(response.result.levels);
  }

  #fillLadder(levels) {
    const current = this.level.value !== "" ? Number(this.level.value) : prefsStore.loadLevel();
    this.level.replaceChildren(...levels.map(({ value, name }) => {
      const option = this.doc.createElement("option");
      option.value = String(value);
      option.textContent = `${name} (${signed(value)})`;
      option.selected = value === current;
      return option;
    }));
    this.level.disabled = false;
    for (const button of this.buttons) button.disabled = false;
  }

  /** Ask the engine for a roll; an error is shown next to the form (errorId). */
  async #roll(args, errorId) {
    if (!this.engine) return;
    this.#showError(null);
    for (const button of this.buttons) button.setAttribute("aria-busy", "true");
    const response = await this.engine.request("roll", args);
    for (const button of this.buttons) button.removeAttribute("aria-busy");
    if (response.ok) this.#showResult(response.result);
    else this.#showError(response.error, errorId);
  }

  #showResult({ faces, total, level, level_name, result_name, entered }) {
    this.el("result-name").textContent = result_name;
    this.el("result-dice").replaceChildren(...faces.map((face) => {
      const item = this.doc.createElement("li");
      item.className = `face face-${FACE_NAME[face]}`;
      item.textContent = FACE_SYMBOL[face];
      item.setAttribute("aria-label", FACE_NAME[face]);
      return item;
    }));
    const how = entered ? "Your dice" : "Rolled";
    this.el("result-detail").textContent =
      `${how}: ${signed(total)} on ${level_name} (${signed(level)})`;
    const box = this.el("result");
    box.hidden = false;
    box.scrollIntoView({ block: "nearest" });
  }

  /** Show error (or clear every error when null) in the element errorId. */
  #showError(error, errorId) {
    for (const id of ["roll-error", "faces-error"]) {
      const box = this.el(id);
      box.hidden = !error || id !== errorId;
      box.textContent = box.hidden ? "" : error.message;
    }
    if (error) this.el("result").hidden = true; // an old result next to an error misleads
    this.#markInvalid(error?.field ?? null);
  }

  /** Point at the die an error names ("args.faces[2]"), or at all four ("args.faces"). */
  #markInvalid(field) {
    const match = /^args\.faces(?:\[(\d+)\])?/.exec(field ?? "");
    this.dice.forEach((die, i) => {
      const bad = !!match && (match[1] === undefined || Number(match[1]) === i);
      if (bad) die.setAttribute("aria-invalid", "true");
      else die.removeAttribute("aria-invalid");
    });
  }
}
