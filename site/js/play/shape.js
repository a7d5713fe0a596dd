// Does a value fit a shape? The players' page checks every view it is sent (a snapshot link or a
// live message) against the shape the engine publishes (pyfudge.encounter.players.VIEW_SHAPE,
// written by build.py to js/play/players-view-shape.json): plain JSON Schema, of these keywords
// only. Generic: no rule of the view is written here, so Python's checks have no copy in JS.
const KEYWORDS = new Set(["type", "properties", "required", "additionalProperties", "items", "minItems",
  "maxItems", "minLength", "maxLength", "enum", "minimum", "maximum"]);

function kindOf(value) {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value; // "object", "string", "boolean" (JSON has no other)
}

const fits = (kind, type) => kind === type || (type === "number" && kind === "integer");

/** Characters as JSON Schema (and Python) count them: code points, not UTF-16 units. */
function length(text) {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

const where = (path) => path.replace(/^\./, "") || "the view";

/** The first place value does not fit shape, as {path, problem} (path like
 * "combatants[1].name"), or null when it fits. A keyword this reader does not know is an error
 * of the build (a newer shape than its reader), thrown rather than ignored. */
export function misfit(value, shape, path = "") {
  for (const key in shape) {
    if (!KEYWORDS.has(key)) throw new Error(`The view's shape uses ${key}, which this page does not read.`);
  }
  const kind = kindOf(value);
  const types = shape.type === undefined ? null : [].concat(shape.type);
  if (types && !types.some((type) => fits(kind, type))) {
    return { path: where(path), problem: `is ${kind}, not ${types.join(" or ")}` };
  }
  if (shape.enum && !shape.enum.includes(value)) return { path: where(path), problem: "is not one of the values it may be" };
  if (kind === "string") {
    const n = length(value);
    if (n < (shape.minLength ?? 0)) return { path: where(path), problem: `is shorter than ${shape.minLength} characters` };
    if (n > (shape.maxLength ?? Infinity)) return { path: where(path), problem: `is longer than ${shape.maxLength} characters` };
  }
  if (kind === "integer" || kind === "number") {
    if (value < (shape.minimum ?? -Infinity)) return { path: where(path), problem: `is below ${shape.minimum}` };
    if (value > (shape.maximum ?? Infinity)) return { path: where(path), problem: `is above ${shape.maximum}` };
  }
  if (kind === "array") {
    if (value.length < (shape.minItems ?? 0)) return { path: where(path), problem: `has fewer than ${shape.minItems} items` };
    if (value.length > (shape.maxItems ?? Infinity)) return { path: where(path), problem: `has more than ${shape.maxItems} items` };
    if (shape.items) {
      for (let i = 0; i < value.length; i++) {
        const found = misfit(value[i], shape.items, `${path}[${i}]`);
        if (found) return found;
      }
    }
  }
  if (kind === "object") {
    const properties = shape.properties ?? {};
    for (const key of shape.required ?? []) {
      if (!Object.hasOwn(value, key)) return { path: where(path), problem: `lacks ${key}` };
    }
    for (const key of Object.keys(value)) {
      if (Object.hasOwn(properties, key)) {
        const found = misfit(value[key], properties[key], `${path}.${key}`);
        if (found) return found;
      } else if (shape.additionalProperties === false) {
        return { path: where(path), problem: `holds ${JSON.stringify(key.slice(0, 40))}, which a view never holds` };
      }
    }
  }
  return null;
}

/** misfit's answer in words, for the page to show as it is. */
export function describeMisfit({ path, problem }) {
  return `Its ${path} ${problem}.`;
}
