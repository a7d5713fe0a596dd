// A generic editor for a table option, built only from the shape the engine gives in
// `describe.tables` (see pyfudge/rulesets/tables.py): lists of rows, objects, pairs, numbers, texts,
// choices. It knows no table; the engine checks the edited value when the rules are used and
// its error comes back as `field` (e.g. "damage.weapons[3].size"), shown next to that input.
import { html, useState } from "../../vendor/preact-htm.mjs";

const idOf = (path) => `tbl-${path.replace(/[^\w]+/g, "-").replace(/-$/, "")}`;

/** The path an engine error names inside the options ("…options.damage.weapons[2].size"). */
export function errorPath(field) {
  if (!field) return null;
  const at = field.lastIndexOf("options.");
  return at < 0 ? null : field.slice(at + "options.".length);
}

function ErrorNote({ path, error }) {
  return error && error.path === path
    ? html`<p class="error" id=${`${idOf(path)}-error`} role="alert">${error.message}</p>` : null;
}

function invalid(path, error) {
  return error && error.path === path
    ? { "aria-invalid": "true", "aria-describedby": `${idOf(path)}-error` } : {};
}

// One scalar input: int, text, bool or choice.
function Scalar({ shape, value, set, path, label, error }) {
  const id = idOf(path);
  const bad = invalid(path, error);
  if (shape.type === "bool") {
    return html`<div class="field check">
      <input id=${id} type="checkbox" checked=${!!value} onChange=${(e) => set(e.currentTarget.checked)} ...${bad} />
      <label for=${id}>${label}</label><${ErrorNote} path=${path} error=${error} /></div>`;
  }
  let control;
  if (shape.type === "choice") {
    const at = shape.choices.findIndex((c) => JSON.stringify(c.value) === JSON.stringify(value));
    control = html`<select id=${id} onChange=${(e) => set(shape.choices[Number(e.currentTarget.value)].value)} ...${bad}>
      ${shape.choices.map((c, i) => html`<option value=${String(i)} selected=${i === at}>${c.label}</option>`)}</select>`;
  } else if (shape.type === "int") {
    // An empty or unreadable number goes to the engine as typed, so its error says what is wrong.
    const read = (raw) => (raw === "" ? (shape.nullable ? null : "") : Number.isInteger(Number(raw)) ? Number(raw) : raw);
    control = html`<input id=${id} type="number" inputmode="numeric" min=${shape.low} max=${shape.high}
      placeholder=${shape.nullable ? "none" : ""} value=${value ?? ""} onInput=${(e) => set(read(e.currentTarget.value))} ...${bad} />`;
  } else {
    control = html`<input id=${id} maxlength=${shape.max} dir="auto" value=${value ?? ""}
      onInput=${(e) => set(e.currentTarget.value)} ...${bad} />`;
  }
  return html`<div class="field"><label for=${id}>${label}</label>${control}<${ErrorNote} path=${path} error=${error} /></div>`;
}

function Tuple({ shape, value, set, path, label, error }) {
  const items = Array.isArray(value) ? value : [];
  return html`<fieldset class="tbl-tuple"><legend>${label}</legend>
    ${shape.items.map((part, i) => html`<${Node} key=${i} shape=${part.shape} value=${items[i]} path=${`${path}[${i}]`}
      label=${part.label} error=${error} set=${(v) => set(shape.items.map((_, j) => (j === i ? v : items[j])))} />`)}
    <${ErrorNote} path=${path} error=${error} /></fieldset>`;
}

function ObjectFields({ shape, value, set, path, error }) {
  const obj = value && typeof value === "object" ? value : {};
  const put = (key, v) => set({ ...obj, [key]: v });
  const drop = (key) => { const next = { ...obj }; delete next[key]; set(next); };
  return html`${shape.fields.map((f) => {
    const here = `${path}.${f.key}`;
    if (!f.optional) {
      return html`<${Node} key=${f.key} shape=${f.shape} value=${obj[f.key]} path=${here} label=${f.label}
        error=${error} set=${(v) => put(f.key, v)} />`;
    }
    const id = `${idOf(here)}-on`;
    return html`<div key=${f.key} class="tbl-optional">
      <div class="field check"><input id=${id} type="checkbox" checked=${f.key in obj}
        onChange=${(e) => (e.currentTarget.checked ? put(f.key, f.new) : drop(f.key))} />
        <label for=${id}>${f.label}</label></div>
      ${f.key in obj && html`<${Node} shape=${f.shape} value=${obj[f.key]} path=${here} label=${f.label}
        error=${error} set=${(v) => put(f.key, v)} />`}</div>`;
  })}<${ErrorNote} path=${path} error=${error} />`;
}

// A row of objects folds away (a catalogue has dozens); it opens itself when an error is in it.
function ObjectRow({ title, children, path, error }) {
  const [open, setOpen] = useState(false);
  const shown = open || (error?.path?.startsWith(path) ?? false);
  return html`<div class="tbl-row">
    <button type="button" class="fold" aria-expanded=${shown ? "true" : "false"} aria-controls=${`${idOf(path)}-row`}
      onClick=${() => setOpen(!shown)}><bdi>${title}</bdi></button>
    ${shown && html`<div id=${`${idOf(path)}-row`}>${children}</div>`}</div>`;
}

function List({ shape, value, set, path, label, error }) {
  const rows = Array.isArray(value) ? value : [];
  const item = shape.item;
  const fixed = shape.min === shape.max;
  const rowName = (row, i) => shape.labels?.[i]
    ?? (shape.title && typeof row?.[shape.title] === "string" && row[shape.title].trim() ? row[shape.title] : `Row ${i + 1}`);
  const setRow = (i) => (v) => set(rows.map((r, j) => (j === i ? v : r)));
  const remove = (i) => set(rows.filter((_, j) => j !== i));
  // A folded row's button says what it removes; an inline row's is a compact ✕ with that name.
  const removeButton = (row, i) => !fixed && rows.length > shape.min && (item.type === "object"
    ? html`<button type="button" onClick=${() => remove(i)}>Remove <bdi>${rowName(row, i)}</bdi></button>`
    : html`<button type="button" class="remove" aria-label=${`Remove ${rowName(row, i)}`} onClick=${() => remove(i)}>✕</button>`);
  return html`<div class="tbl-list">
    ${rows.map((row, i) => {
      const here = `${path}[${i}]`;
      if (item.type === "object") {
        return html`<${ObjectRow} key=${i} title=${rowName(row, i)} path=${here} error=${error}>
          <div class="tbl-object"><${ObjectFields} shape=${item} value=${row} path=${here} error=${error} set=${setRow(i)} />
          ${removeButton(row, i)}</div></${ObjectRow}>`;
      }
      return html`<div class="tbl-line" key=${i}>
        <${Node} shape=${item} value=${row} path=${here} label=${rowName(row, i)} error=${error} set=${setRow(i)} />
        ${removeButton(row, i)}</div>`;
    })}
    ${!fixed && rows.length < shape.max && html`<button type="button" onClick=${() => set([...rows, structuredClone(shape.new)])}>
      Add a row to ${label}</button>`}
    <${ErrorNote} path=${path} error=${error} /></div>`;
}

function Node(props) {
  const { shape } = props;
  if (shape.type === "list") return html`<${List} ...${props} />`;
  if (shape.type === "tuple") return html`<${Tuple} ...${props} />`;
  if (shape.type === "object") return html`<div class="tbl-object"><${ObjectFields} ...${props} /></div>`;
  return html`<${Scalar} ...${props} />`;
}

/** The editor of one table option: `value` is the table, `set` receives the edited one. */
export function TableEditor({ option, shape, value, set, error }) {
  return html`<${Node} shape=${shape} value=${value} set=${set} path=${option.key} label=${option.label} error=${error} />`;
}
